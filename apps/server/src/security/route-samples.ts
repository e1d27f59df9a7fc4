/** A concrete URL for a route pattern: path parameters and the wildcard filled with a harmless value. */
export function concreteUrl(url: string, value = 'x'): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}

type ZodDef = {
  type: string;
  shape?: Record<string, ZodNode>;
  in?: ZodNode;
  left?: ZodNode;
  right?: ZodNode;
  innerType?: ZodNode;
};
type ZodNode = { _zod?: { def: ZodDef } };

/**
 * The keys an object schema names (through pipes, intersections and optional/default wrappers);
 * `open` when it takes any key (a record: the list engine's filters).
 */
export function schemaKeys(schema: unknown): { keys: string[]; open: boolean } {
  const def = (schema as ZodNode | undefined)?._zod?.def;
  if (!def) return { keys: [], open: false };
  switch (def.type) {
    case 'object':
      return { keys: Object.keys(def.shape ?? {}), open: false };
    case 'record':
      return { keys: [], open: true };
    case 'intersection': {
      const [a, b] = [schemaKeys(def.left), schemaKeys(def.right)];
      return { keys: [...a.keys, ...b.keys], open: a.open || b.open };
    }
    case 'pipe':
      return schemaKeys(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return schemaKeys(def.innerType);
    default:
      return { keys: [], open: false };
  }
}

/** Real records of the seeded database (and of a few the security tests create), by what routes call them. */
export type SampleIds = {
  user: string;
  role: string;
  dict: string;
  dictItem: string;
  permission: string;
  dataRule: string;
  depart: string;
  announcement: string;
  supplier: string;
  unit: string;
  project: string;
  /** A 进行中 project (samples can be registered under it). */
  openProject: string;
  attachment: string;
  attachmentPath: string;
  file: string;
  imagePath: string;
  /** Laboratory records of the demo data. */
  sample: string;
  analysis: string;
  report: string;
};

/** Which record an `id` / `ids` parameter names, by the route's path. */
const ID_BY_PATH: [RegExp, keyof SampleIds][] = [
  [/\/sys\/dictItem\//, 'dictItem'],
  [/\/sys\/dict\//, 'dict'],
  [/\/sys\/role\//, 'role'],
  [/\/(deletePermissionRule|editPermissionRule)/, 'dataRule'],
  [/\/sys\/permission\//, 'permission'],
  [/\/sysDepart\//, 'depart'],
  [/\/(annountCement|sysAnnouncementSend)\//, 'announcement'],
  [/\/gysgl\/supplier\//, 'supplier'],
  [/\/khgl\/unit\//, 'unit'],
  [/\/project\/jcXmProject\//, 'project'],
  [/\/fj\/xmfj\//, 'attachment'],
  [/\/lims\/sample\//, 'sample'],
  [/\/lims\/(analysis|result|verify)\//, 'analysis'],
  [/\/lims\/report\//, 'report'],
  [/\/sys\/user\//, 'user'],
];

/** The record an `id` of this route names. */
export const idForPath = (url: string, ids: SampleIds): string =>
  ids[ID_BY_PATH.find(([re]) => re.test(url))?.[1] ?? 'user'];

/** Plausible values of query and path parameters by name (`id`/`ids` by the route's path). */
function valueFor(key: string, url: string, ids: SampleIds): string | undefined {
  const byKey: Record<string, string> = {
    pageNo: '1',
    pageSize: '10',
    roleId: ids.role,
    userId: ids.user,
    userid: ids.user,
    userIds: ids.user,
    depId: ids.depart,
    departId: ids.depart,
    permissionId: ids.permission,
    projectId: ids.project,
    dictId: ids.dict,
    mainId: ids.unit,
    orgCode: 'A01',
    keyWord: '检测',
    keyword: '检测',
    roleCode: 'admin',
    username: 'zhangsan',
    filePath: ids.attachmentPath,
    fileName: '附件.png',
    tableName: 'sys_user',
    fieldName: 'username',
    fieldVal: 'zhangsan',
    dataId: ids.user,
    parentId: ids.depart,
    code: 'sex',
    ruleName: '规则',
    ruleColumn: 'createBy',
  };
  if (key === 'id' || key === 'ids') return idForPath(url, ids);
  return byKey[key];
}

/** The URL of a route called with plausible parameters (real ids, the first page of lists). */
export function plausibleUrl(route: { url: string; schema?: { querystring?: unknown } }, ids: SampleIds): string {
  let path = route.url.replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(valueFor(key, route.url, ids) ?? 'x'),
  );
  if (path.endsWith('/download/*')) path = path.replace(/\*$/, ids.file);
  if (path.endsWith('/static/*')) path = path.replace(/\*$/, ids.imagePath);
  const { keys, open } = schemaKeys(route.schema?.querystring);
  const params = new URLSearchParams();
  for (const key of open ? ['pageNo', 'pageSize'] : keys) {
    const v = valueFor(key, route.url, ids);
    if (v !== undefined) params.set(key, v);
  }
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}
