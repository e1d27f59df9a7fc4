import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, trigramIndex, tstz, versionColumn } from './common';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 100 }).notNull(),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    avatar: varchar('avatar', { length: 255 }),
    birthday: date('birthday', { mode: 'string' }),
    sex: smallint('sex'),
    email: varchar('email', { length: 100 }),
    phone: varchar('phone', { length: 32 }),
    orgCode: varchar('org_code', { length: 64 }),
    status: smallint('status').notNull().default(1),
    workNo: varchar('work_no', { length: 64 }),
    post: varchar('post', { length: 100 }),
    telephone: varchar('telephone', { length: 45 }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    passwordChangedAt: tstz('password_changed_at'),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_work_no_uq')
      .on(t.workNo)
      .where(sql`${t.workNo} is not null`),
    uniqueIndex('users_email_uq')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_phone_uq')
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
    index('users_create_time_idx').on(t.createTime, t.id),
    trigramIndex('users_username_trgm', t.username),
    trigramIndex('users_realname_trgm', t.realname),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    roleName: varchar('role_name', { length: 200 }).notNull(),
    roleCode: varchar('role_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('roles_role_code_uq').on(t.roleCode), index('roles_create_time_idx').on(t.createTime, t.id)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No cascade: a role is deleted only while no user holds it; one given meanwhile fails the delete.
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Menu tree and buttons: menu_type 0 top menu, 1 sub-menu, 2 button. */
export const permissions = pgTable(
  'permissions',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 32 }),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 255 }),
    component: varchar('component', { length: 255 }),
    componentName: varchar('component_name', { length: 100 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: smallint('menu_type').notNull(),
    perms: varchar('perms', { length: 1000 }),
    permsType: varchar('perms_type', { length: 10 }).notNull().default('1'),
    sortNo: doublePrecision('sort_no').notNull().default(0),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: varchar('icon', { length: 100 }),
    isRoute: boolean('is_route').notNull().default(true),
    isLeaf: boolean('is_leaf').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    description: varchar('description', { length: 255 }),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    ruleFlag: boolean('rule_flag').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [index('permissions_parent_idx').on(t.parentId), index('permissions_sort_idx').on(t.sortNo)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    dataRuleIds: text('data_rule_ids'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index('role_permissions_perm_idx').on(t.permissionId)],
);

/** Row filters attached to a menu, applied to its list queries for the roles that hold them. */
export const permissionDataRules = pgTable(
  'permission_data_rules',
  {
    id: idColumn(),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    ruleName: varchar('rule_name', { length: 50 }).notNull(),
    ruleColumn: varchar('rule_column', { length: 50 }).notNull(),
    ruleConditions: varchar('rule_conditions', { length: 50 }).notNull(),
    ruleValue: varchar('rule_value', { length: 300 }).notNull(),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [index('permission_data_rules_perm_idx').on(t.permissionId)],
);

export const departs = pgTable(
  'departs',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 32 }),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameEn: varchar('depart_name_en', { length: 500 }),
    departNameAbbr: varchar('depart_name_abbr', { length: 500 }),
    departOrder: integer('depart_order').notNull().default(0),
    description: text('description'),
    orgCategory: varchar('org_category', { length: 10 }).notNull().default('1'),
    orgType: varchar('org_type', { length: 10 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    address: varchar('address', { length: 100 }),
    memo: varchar('memo', { length: 500 }),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('departs_org_code_uq').on(t.orgCode),
    index('departs_parent_idx').on(t.parentId),
    index('departs_create_time_idx').on(t.createTime, t.id),
  ],
);

export const userDeparts = pgTable(
  'user_departs',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No cascade: a department is deleted only while it has no members; one added meanwhile fails the delete.
    depId: varchar('dep_id', { length: 32 })
      .notNull()
      .references(() => departs.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.depId] }), index('user_departs_dep_idx').on(t.depId)],
);

export const dicts = pgTable(
  'dicts',
  {
    id: idColumn(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    type: smallint('type').notNull().default(0),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('dicts_dict_code_uq').on(t.dictCode), index('dicts_create_time_idx').on(t.createTime, t.id)],
);

export const dictItems = pgTable(
  'dict_items',
  {
    id: idColumn(),
    dictId: varchar('dict_id', { length: 32 })
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    itemText: varchar('item_text', { length: 100 }).notNull(),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('dict_items_value_uq').on(t.dictId, t.itemValue),
    index('dict_items_sort_idx').on(t.dictId, t.sortOrder),
  ],
);
