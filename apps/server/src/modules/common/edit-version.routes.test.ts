import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { kit } from '../supplier/business.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let k: ReturnType<typeof kit>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = kit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

type Rec = Record<string, unknown>;

async function result(url: string): Promise<unknown> {
  const res = await k.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}
const firstRecord = async (url: string): Promise<Rec> => ((await result(url)) as { records: Rec[] }).records[0];
const flatten = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flatten((n.children as Rec[] | undefined) ?? [])]);

/** A loader whose record is created on first use (`setup` answers the loader of that record). */
function once(setup: () => Promise<() => Promise<Rec>>): () => Promise<Rec> {
  let loader: Promise<() => Promise<Rec>> | undefined;
  return async () => (await (loader ??= setup()))();
}

/**
 * One editable record type: how to load a record of it (as the web loads it: with its version), where
 * its edit goes and a text field two users both change.
 */
type EditableType = { name: string; edit: string; field: string; load: () => Promise<Rec> };

const TYPES: EditableType[] = [
  {
    name: '用户',
    edit: '/sys/user/edit',
    field: 'realname',
    load: () => firstRecord('/sys/user/list?username=zhangsan'),
  },
  { name: '角色', edit: '/sys/role/edit', field: 'description', load: () => firstRecord('/sys/role/list') },
  {
    name: '菜单',
    edit: '/sys/permission/edit',
    field: 'description',
    load: async () => flatten((await result('/sys/permission/list')) as Rec[]).find((p) => p.menuType === 1)!,
  },
  {
    name: '数据规则',
    edit: '/sys/permission/editPermissionRule',
    field: 'ruleName',
    load: once(async () => {
      const menu = flatten((await result('/sys/permission/list')) as Rec[]).find((p) => p.menuType === 1)!;
      const add = await k.send('POST', '/sys/permission/addPermissionRule', {
        permissionId: menu.id,
        ruleName: '版本测试',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
        status: '1',
      });
      expect(add.statusCode, add.body).toBe(200);
      const id = (
        (await result(`/sys/permission/getPermRuleListByPermId?permissionId=${String(menu.id)}`)) as Rec[]
      ).find((r) => r.ruleName === '版本测试')!.id;
      return async () =>
        ((await result(`/sys/permission/getPermRuleListByPermId?permissionId=${String(menu.id)}`)) as Rec[]).find(
          (r) => r.id === id,
        )!;
    }),
  },
  {
    name: '部门',
    edit: '/sysdepart/sysDepart/edit',
    field: 'memo',
    load: async () => flatten((await result('/sysdepart/sysDepart/queryTreeList')) as Rec[])[0],
  },
  { name: '字典', edit: '/sys/dict/edit', field: 'description', load: () => firstRecord('/sys/dict/list') },
  {
    name: '字典项',
    edit: '/sys/dictItem/edit',
    field: 'description',
    load: async () => firstRecord(`/sys/dictItem/list?dictId=${String((await firstRecord('/sys/dict/list')).id)}`),
  },
  {
    name: '通告',
    edit: '/sys/annountCement/edit',
    field: 'titile',
    load: once(async () => {
      const add = await k.send('POST', '/sys/annountCement/add', {
        titile: '版本测试通告',
        msgCategory: '1',
        msgType: 'ALL',
        msgContent: '<p>正文</p>',
      });
      expect(add.statusCode, add.body).toBe(200);
      const id = String(add.json().result);
      return async () => (await result(`/sys/annountCement/queryById?id=${id}`)) as Rec;
    }),
  },
  { name: '供应商', edit: '/gysgl/supplier/edit', field: 'remark', load: () => firstRecord('/gysgl/supplier/list') },
  { name: '客户单位', edit: '/khgl/unit/edit', field: 'remark', load: () => firstRecord('/khgl/unit/queryUnits') },
  {
    name: '检测项目',
    edit: '/project/jcXmProject/edit',
    field: 'remark',
    load: async () =>
      (await result(
        `/project/jcXmProject/queryById?id=${String((await firstRecord('/project/jcXmProject/list')).id)}`,
      )) as Rec,
  },
];

/** The record sent back as an edit (what a form holds), with one field changed. */
const editOf = (record: Rec, field: string, value: string, version?: unknown): Rec => {
  const body: Rec = { ...record, [field]: value };
  if (version === undefined) delete body.version;
  else body.version = version;
  return body;
};

describe(`every edit carries its version (${TEST_DB})`, () => {
  it.each(TYPES)('$name: a second edit from the same version is 409 and the first change stays', async (type) => {
    const record = await type.load();
    expect(record, type.name).toBeDefined();
    expect(record.version, `${type.name} carries its version`).toEqual(expect.any(Number));
    const first = await k.send('PUT', type.edit, editOf(record, type.field, '甲的修改', record.version));
    expect(first.statusCode, first.body).toBe(200);
    const second = await k.send('PUT', type.edit, editOf(record, type.field, '乙的修改', record.version));
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ success: false, code: 409, message: MSG.staleEdit });
    const now = await type.load();
    expect(now[type.field]).toBe('甲的修改');
    expect(now.version).toBe(Number(record.version) + 1);

    // From the new version the edit goes through (the form reloaded).
    const again = await k.send('PUT', type.edit, editOf(now, type.field, '乙的修改', now.version));
    expect(again.statusCode, again.body).toBe(200);
    expect((await type.load())[type.field]).toBe('乙的修改');
  });

  it.each(TYPES)('$name: an edit without a version (the JeecgBoot client) is not checked', async (type) => {
    const record = await type.load();
    const bump = await k.send('PUT', type.edit, editOf(record, type.field, '旧客户端一', record.version));
    expect(bump.statusCode, bump.body).toBe(200);
    const old = await k.send('PUT', type.edit, editOf(record, type.field, '旧客户端二'));
    expect(old.statusCode, old.body).toBe(200);
    const now = await type.load();
    expect(now[type.field]).toBe('旧客户端二');
    expect(now.version).toBe(Number(record.version) + 2);
  });
});

describe(`concurrent edits (${TEST_DB})`, () => {
  it('two edits of one supplier at the same time: exactly one 200, the other 409, its change absent', async () => {
    const record = await firstRecord('/gysgl/supplier/list?code=GYS0002');
    const [a, b] = await Promise.all([
      k.send('PUT', '/gysgl/supplier/edit', { ...record, contact: '张联系', version: record.version }),
      k.send('PUT', '/gysgl/supplier/edit', { ...record, remark: '李备注', version: record.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(MSG.staleEdit);
    const now = await firstRecord('/gysgl/supplier/list?code=GYS0002');
    expect(now.version).toBe(Number(record.version) + 1);
    if (a.statusCode === 200) expect(now).toMatchObject({ contact: '张联系', remark: record.remark });
    else expect(now).toMatchObject({ contact: record.contact, remark: '李备注' });
  });

  it('five concurrent edits of one project from one version: one wins', async () => {
    const list = await firstRecord('/project/jcXmProject/list');
    const record = (await result(`/project/jcXmProject/queryById?id=${String(list.id)}`)) as Rec;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        k.send('PUT', '/project/jcXmProject/edit', { ...record, remark: `并发${n}`, version: record.version }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('a stale edit of a missing record is still 404', async () => {
    const record = await firstRecord('/gysgl/supplier/list');
    const res = await k.send('PUT', '/gysgl/supplier/edit', { ...record, id: 'f'.repeat(32), version: 0 });
    expect(res.statusCode, res.body).toBe(404);
  });

  it('a version that is not a whole number is a 400 and changes nothing', async () => {
    const record = await firstRecord('/gysgl/supplier/list');
    const res = await k.send('PUT', '/gysgl/supplier/edit', { ...record, remark: '坏版本', version: 'abc' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(MSG.badVersion);
    expect((await firstRecord(`/gysgl/supplier/list?code=${String(record.code)}`)).remark).toBe(record.remark);
  });
});

describe(`children edited with their parent (${TEST_DB})`, () => {
  it("a stale edit of a customer unit's contacts is 409 and the contacts stay as the first edit left them", async () => {
    const unit = await firstRecord('/khgl/unit/queryUnits');
    const contacts = (await result(`/khgl/unit/listCustomerByMainId?id=${String(unit.id)}`)) as Rec[];
    const first = await k.send('PUT', '/khgl/unit/edit', {
      ...unit,
      version: unit.version,
      contacts: [{ name: '甲联系人', isPrimary: true }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await k.send('PUT', '/khgl/unit/edit', {
      ...unit,
      version: unit.version,
      contacts: [...contacts, { name: '乙联系人', isPrimary: false }],
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(MSG.staleEdit);
    const now = (await result(`/khgl/unit/listCustomerByMainId?id=${String(unit.id)}`)) as Rec[];
    expect(now.map((c) => c.name)).toEqual(['甲联系人']);
  });

  it("a stale edit of a project's test items is 409 and the items stay as the first edit left them", async () => {
    const list = await firstRecord('/project/jcXmProject/list');
    const project = (await result(`/project/jcXmProject/queryById?id=${String(list.id)}`)) as Rec;
    const first = await k.send('PUT', '/project/jcXmProject/edit', {
      ...project,
      items: [{ itemName: '甲检测项', codeLines: 1 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await k.send('PUT', '/project/jcXmProject/edit', {
      ...project,
      items: [{ itemName: '乙检测项', codeLines: 2 }],
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(MSG.staleEdit);
    const now = (await result(`/project/jcXmProject/queryById?id=${String(list.id)}`)) as Rec;
    expect((now.items as Rec[]).map((i) => i.itemName)).toEqual(['甲检测项']);
  });
});
