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
  /** 实验室 (LIMS): samples, analyses, results, verification, reports, audit trail, settings. */
  sample: {
    list: 'lims:sample:list',
    /** 登记 (register one or many samples under a project). */
    add: 'lims:sample:add',
    edit: 'lims:sample:edit',
    delete: 'lims:sample:delete',
    /** 接收 (creates the sample's analyses). */
    receive: 'lims:sample:receive',
    /** 退回 (with a reason). */
    return: 'lims:sample:return',
    /** 打印标签 (label PDF). */
    label: 'lims:sample:label',
    export: 'lims:sample:export',
  },
  analysis: {
    /** 检测任务: every analysis, with assignment of analyst and due date. */
    list: 'lims:analysis:list',
    assign: 'lims:analysis:assign',
    export: 'lims:analysis:export',
  },
  result: {
    /** 结果录入: the analyst's open analyses. */
    list: 'lims:result:list',
    /** 录入 (enter or change a result). */
    enter: 'lims:result:enter',
  },
  verify: {
    /** 结果复核: results waiting for verification. */
    list: 'lims:verify:list',
    /** 复核 (verify or reject; never one's own result). */
    verify: 'lims:verify:verify',
  },
  report: {
    list: 'lims:report:list',
    /** 生成 (a draft certificate of analysis). */
    generate: 'lims:report:generate',
    /** 审批. */
    approve: 'lims:report:approve',
    /** 发布 (marks the project 已完成). */
    publish: 'lims:report:publish',
    /** 修订 (a new version with a new number; the old one becomes 已作废). */
    amend: 'lims:report:amend',
    delete: 'lims:report:delete',
  },
  limsAudit: {
    /** 导出 the audit trail (历史记录). Reading a record's history needs only the record's list code. */
    export: 'lims:audit:export',
  },
  limsSettings: {
    list: 'lims:settings:list',
    edit: 'lims:settings:edit',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermissionCode = Leaves<typeof PERM>;

/** How a route is guarded: a permission code, any signed-in user, or nobody (public). */
export type RouteAccess = { permission: PermissionCode } | { access: 'login' } | { access: 'public' };
