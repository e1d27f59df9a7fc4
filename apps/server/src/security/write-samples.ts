import type { PgTable } from 'drizzle-orm/pg-core';
import {
  announcements,
  customerUnits,
  departs,
  dictItems,
  dicts,
  permissionDataRules,
  permissions,
  projects,
  roles,
  samples,
  suppliers,
  users,
} from '../db/schema';
import type { SampleIds } from './route-samples';

type Row = Record<string, unknown>;

/** A valid body of a create or edit route, and where the written row lives. */
export type WriteSample = {
  table: PgTable;
  /** The body; for an edit, `row` is the stored record it edits (the one its add created). */
  body: (ids: SampleIds, n: number, row?: Row) => Row;
  /** Add routes: the new row's id from the answer's result. Edit routes: the add route whose record they edit. */
  created?: (result: unknown) => string;
  edits?: string;
  /** Looks the created row up by another column (routes that answer no id). */
  findBy?: (body: Row) => [string, unknown];
  /** Columns whose own default equals the hostile value (nothing to tell apart). */
  sameByDefault?: string[];
};

const idOf = (result: unknown) => (typeof result === 'string' ? result : String((result as { id: string }).id));
const add = (table: PgTable, body: WriteSample['body']): WriteSample => ({ table, body, created: idOf });
const edit = (table: PgTable, addRoute: string, body: WriteSample['body']): WriteSample => ({
  table,
  body,
  edits: addRoute,
});

const dictBody = (_: SampleIds, n: number) => ({
  dictName: `安全字典${n}`,
  dictCode: `sec_dict_${n}`,
  description: '安全测试',
});
const itemBody = (ids: SampleIds, n: number) => ({
  dictId: ids.dict,
  itemText: `安全项${n}`,
  itemValue: `sec${n}`,
  sortOrder: 1,
  status: 1,
});
const roleBody = (_: SampleIds, n: number) => ({
  roleName: `安全角色${n}`,
  roleCode: `sec_role_${n}`,
  description: '安全测试',
});
const permBody = (ids: SampleIds, n: number) => ({
  menuType: 2,
  name: `安全按钮${n}`,
  parentId: ids.permission,
  perms: `sec:btn${n}`,
  permsType: '1',
  status: '1',
});
const ruleBody = (ids: SampleIds, n: number) => ({
  permissionId: ids.permission,
  ruleName: `安全规则${n}`,
  ruleColumn: 'createBy',
  ruleConditions: '=',
  ruleValue: '#{sys_user_code}',
  status: '1',
});
const departBody = (ids: SampleIds, n: number) => ({
  departName: `安全部门${n}`,
  parentId: ids.depart,
  orgCategory: '2',
  status: '1',
});
const anntBody = (_: SampleIds, n: number) => ({
  titile: `安全通告${n}`,
  msgCategory: '1',
  msgType: 'ALL',
  priority: 'L',
  msgContent: '<p>安全</p>',
});
const supplierBody = (_: SampleIds, n: number) => ({ code: `SECS${n}`, name: `安全供应商${n}`, status: '1' });
/** Nested rows carry hostile audit fields and a foreign id too. */
const nestedExtras = {
  id: 'ffffffffffffffffffffffffffff0001',
  createBy: 'mallory',
  createTime: '2000-01-01 00:00:00',
  projectId: 'x',
  unitId: 'x',
};
const unitBody = (_: SampleIds, n: number) => ({
  code: `SECU${n}`,
  name: `安全单位${n}`,
  contacts: [{ name: '安全联系人', phone: '13800000000', isPrimary: true, ...nestedExtras }],
});
const projectBody = (ids: SampleIds, n: number) => ({
  name: `安全项目${n}`,
  customerUnitId: ids.unit,
  items: [{ itemName: '安全检测', codeLines: 1, ...nestedExtras }],
});

/**
 * Every create and edit route with a JSON body (paths without the API base). The mass-assignment
 * test fails on a POST/PUT route that is neither here nor in WRITE_EXEMPT.
 */
export const WRITE_SAMPLES: Record<string, WriteSample> = {
  'POST /sys/dict/add': add(dicts, dictBody),
  'PUT /sys/dict/edit': edit(dicts, 'POST /sys/dict/add', (ids, n, row) => ({
    ...dictBody(ids, n),
    id: row?.id,
    dictName: '安全字典改',
  })),
  'POST /sys/dictItem/add': add(dictItems, itemBody),
  'PUT /sys/dictItem/edit': edit(dictItems, 'POST /sys/dictItem/add', (ids, n, row) => ({
    ...itemBody(ids, n),
    id: row?.id,
    itemText: '安全项改',
  })),
  'POST /sys/user/add': add(users, (_ids, n) => ({
    username: `secuser${n}`,
    realname: '安全用户',
    password: 'Passw0rd9',
    confirmpassword: 'Passw0rd9',
  })),
  'PUT /sys/user/edit': edit(users, 'POST /sys/user/add', (_ids, _n, row) => ({ id: row?.id, realname: '安全用户改' })),
  'POST /sys/role/add': add(roles, roleBody),
  'PUT /sys/role/edit': edit(roles, 'POST /sys/role/add', (_ids, _n, row) => ({ id: row?.id, roleName: '安全角色改' })),
  'POST /sys/permission/add': add(permissions, permBody),
  'PUT /sys/permission/edit': edit(permissions, 'POST /sys/permission/add', (ids, n, row) => ({
    ...permBody(ids, n),
    id: row?.id,
    name: '安全按钮改',
  })),
  'POST /sys/permission/addPermissionRule': add(permissionDataRules, ruleBody),
  'PUT /sys/permission/editPermissionRule': edit(
    permissionDataRules,
    'POST /sys/permission/addPermissionRule',
    (ids, n, row) => {
      const { permissionId: _p, ...rest } = ruleBody(ids, n);
      return { ...rest, id: row?.id, ruleName: '安全规则改' };
    },
  ),
  'POST /sysdepart/sysDepart/add': add(departs, departBody),
  'PUT /sysdepart/sysDepart/edit': edit(departs, 'POST /sysdepart/sysDepart/add', (ids, n, row) => ({
    ...departBody(ids, n),
    id: row?.id,
    parentId: row?.parentId,
    orgCode: row?.orgCode,
    departName: '安全部门改',
  })),
  'POST /sys/sysDepart/add': add(departs, departBody),
  'PUT /sys/sysDepart/edit': edit(departs, 'POST /sys/sysDepart/add', (ids, n, row) => ({
    ...departBody(ids, n),
    id: row?.id,
    parentId: row?.parentId,
    orgCode: row?.orgCode,
    departName: '安全部门改',
  })),
  'POST /sys/annountCement/add': add(announcements, anntBody),
  'PUT /sys/annountCement/edit': edit(announcements, 'POST /sys/annountCement/add', (ids, n, row) => ({
    ...anntBody(ids, n),
    id: row?.id,
    titile: '安全通告改',
  })),
  'POST /gysgl/supplier/add': add(suppliers, supplierBody),
  'PUT /gysgl/supplier/edit': edit(suppliers, 'POST /gysgl/supplier/add', (ids, n, row) => ({
    ...supplierBody(ids, n),
    id: row?.id,
    name: '安全供应商改',
  })),
  'POST /khgl/unit/add': add(customerUnits, unitBody),
  'PUT /khgl/unit/edit': edit(customerUnits, 'POST /khgl/unit/add', (ids, n, row) => ({
    ...unitBody(ids, n),
    id: row?.id,
    name: '安全单位改',
  })),
  'POST /project/jcXmProject/add': add(projects, projectBody),
  'PUT /project/jcXmProject/edit': edit(projects, 'POST /project/jcXmProject/add', (ids, n, row) => ({
    ...projectBody(ids, n),
    id: row?.id,
    name: '安全项目改',
  })),
  'POST /lims/sample/add': {
    table: samples,
    body: (ids, n) => ({ projectId: ids.openProject, samples: [{ name: `安全样品${n}`, remark: '安全测试' }] }),
    created: (result) => (result as { ids: string[] }).ids[0],
  },
  'PUT /lims/sample/edit': edit(samples, 'POST /lims/sample/add', (_ids, n, row) => ({
    id: row?.id,
    name: `安全样品改${n}`,
    remark: '安全测试',
  })),
  'POST /sys/user/register': {
    table: users,
    body: (_ids, n) => ({
      username: `secreg${n}`,
      realname: '自助注册',
      password: 'Abcdefg1',
      confirmpassword: 'Abcdefg1',
    }),
    findBy: (body) => ['username', body.username],
    sameByDefault: ['mustChangePassword'],
  },
};

/** POST/PUT routes that create or edit no record from body fields, with the reason (and where their checks are). */
export const WRITE_EXEMPT: Record<string, string> = {
  'POST /sys/login': 'credentials only; writes a session and a log row of its own',
  'POST /sys/logout': 'no body',
  'POST /sys/logoutBeacon': "a token as text; marks the caller's own session",
  'POST /sys/sms': 'a number; stores a hashed code (phone-login tests)',
  'POST /sys/phoneLogin': 'a number and a code; opens a session',
  'POST /sys/selectDepart': 'object-level test: only a department of the caller',
  'PUT /sys/selectDepart': 'the same route as POST (the original JeecgBoot client sends PUT)',
  'PUT /sys/user/updatePassword': "object-level test: only the caller's own password",
  'POST /sys/user/updatePassword': "object-level test: only the caller's own password",
  'PUT /sys/user/preference': "key and value: always the caller's own row (user-preference tests)",
  'PUT /sys/account/profile': "object-level test: only the caller's own name, avatar, mobile and email (account tests)",
  'POST /sys/account/sessions/revokeOthers': "no body: ends the caller's other sessions (account tests)",
  'PUT /sys/user/frozenBatch': 'ids and the status: the action itself (user tests)',
  'PUT /sys/user/changPassword': 'username and the new password: the action itself (user tests)',
  'PUT /sys/user/changePassword': "the same route as changPassword (the original JeecgBoot client's spelling)",
  'POST /sys/user/addSysUserRole': 'role id and user ids: the action itself (role tests)',
  'POST /sys/permission/saveRolePermission': 'role id and id lists: the action itself (role-permission tests)',
  'POST /sys/role/datarule': 'ids only: the action itself (role-permission tests)',
  'PUT /system/sysAnnouncementSend/editByAnntIdAndUserId': "object-level test: marks the caller's own read flag",
  'POST /system/sysAnnouncementSend/editByAnntIdAndUserId': "object-level test: marks the caller's own read flag",
  'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': "object-level test: marks the caller's own read flag",
  'POST /sys/sysAnnouncementSend/editByAnntIdAndUserId': "object-level test: marks the caller's own read flag",
  'PUT /sys/sysAnnouncementSend/readAll': "no body; the caller's own read flags",
  'POST /sys/common/upload': 'multipart file; stored under a generated name (upload tests)',
  'POST /fj/xmfj/upload': 'multipart file; stored under a generated name (attachment tests)',
  'POST /lims/sample/receive':
    'ids, condition and storage location: the receipt itself; state checks and data rules in the sample tests',
  'POST /lims/sample/return': 'ids and the reason: the return itself; state checks and data rules in the sample tests',
  'PUT /lims/settings': 'three validated settings values, no record fields (lims settings tests)',
  'POST /lims/analysis/assign': 'ids and named fields (analyst, due date, limits) only; audited (analysis tests)',
  'POST /lims/result/save': "id, result and reason: only the caller's own analysis; audited (analysis tests)",
  'POST /lims/verify/verify': 'id only: the action itself, two-person rule (analysis tests)',
  'POST /lims/verify/reject': 'id and reason: the action itself, two-person rule (analysis tests)',
  'POST /lims/report/generate':
    'a project id, sample ids and a remark; number, status, version and audit fields set by the server (report tests)',
  'POST /lims/report/approve': 'an id and the version seen: a state move, nothing from the body stored (report tests)',
  'POST /lims/report/publish': 'an id and the version seen: a state move, nothing from the body stored (report tests)',
  'POST /lims/report/amend': 'an id and the typed reason: a new version made by the server (report tests)',
};

/** Import routes (multipart spreadsheets): columns map through each module's template only (import tests). */
export const isImportRoute = (key: string) => /\/importExcel$/.test(key);
