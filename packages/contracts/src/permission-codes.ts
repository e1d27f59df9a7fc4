/**
 * Permission codes. A menu row carries its page's `*:list` code (holding the menu lets the user
 * read the page); button rows carry the action codes. The server guards every route with one of
 * these, the web mirrors them with <Can>.
 */
export const PERM = {
  user: {
    list: 'user:list',
    add: 'user:add',
    edit: 'user:edit',
    delete: 'user:delete',
    freeze: 'user:freeze',
    resetPassword: 'user:resetPassword',
    export: 'user:export',
    import: 'user:import',
    phoneField: 'user:form:phone',
    /** Assigning or removing a user's roles (分配角色), within the actor's own permissions. */
    role: 'user:role',
  },
  role: {
    list: 'role:list',
    add: 'role:add',
    edit: 'role:edit',
    delete: 'role:delete',
    authorize: 'role:authorize',
    export: 'role:export',
    import: 'role:import',
  },
  menu: {
    list: 'menu:list',
    add: 'menu:add',
    edit: 'menu:edit',
    delete: 'menu:delete',
    rule: 'menu:rule',
  },
  depart: {
    list: 'depart:list',
    add: 'depart:add',
    edit: 'depart:edit',
    delete: 'depart:delete',
  },
  dict: {
    list: 'dict:list',
    add: 'dict:add',
    edit: 'dict:edit',
    delete: 'dict:delete',
    export: 'dict:export',
    import: 'dict:import',
    refresh: 'dict:refresh',
  },
  announcement: {
    list: 'announcement:list',
    add: 'announcement:add',
    edit: 'announcement:edit',
    delete: 'announcement:delete',
    release: 'announcement:release',
    revoke: 'announcement:revoke',
    export: 'announcement:export',
    import: 'announcement:import',
  },
  log: { list: 'log:list' },
  supplier: {
    list: 'supplier:list',
    add: 'supplier:add',
    edit: 'supplier:edit',
    delete: 'supplier:delete',
    export: 'supplier:export',
    import: 'supplier:import',
  },
  unit: {
    list: 'unit:list',
    add: 'unit:add',
    edit: 'unit:edit',
    delete: 'unit:delete',
    export: 'unit:export',
    import: 'unit:import',
  },
  project: {
    list: 'project:list',
    add: 'project:add',
    edit: 'project:edit',
    delete: 'project:delete',
    export: 'project:export',
    import: 'project:import',
    attachmentUpload: 'project:attachment:upload',
    attachmentDelete: 'project:attachment:delete',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermissionCode = Leaves<typeof PERM>;

/** How a route is guarded: a permission code, any signed-in user, or nobody (public). */
export type RouteAccess = { permission: PermissionCode } | { access: 'login' } | { access: 'public' };
