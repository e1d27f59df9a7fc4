import { boolean, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, trigramIndex, versionColumn } from './common';
import { departs, users } from './system';
import { files } from './messaging';

export const suppliers = pgTable(
  'suppliers',
  {
    id: idColumn(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    creditCode: varchar('credit_code', { length: 18 }),
    supplierType: varchar('supplier_type', { length: 10 }),
    contact: varchar('contact', { length: 100 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 100 }),
    address: varchar('address', { length: 255 }),
    businessScope: varchar('business_scope', { length: 1000 }),
    qualificationExpiry: date('qualification_expiry', { mode: 'string' }),
    status: varchar('status', { length: 10 }),
    remark: varchar('remark', { length: 500 }),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('suppliers_code_uq').on(t.code),
    index('suppliers_create_time_idx').on(t.createTime, t.id),
    trigramIndex('suppliers_code_trgm', t.code),
    trigramIndex('suppliers_name_trgm', t.name),
  ],
);

export const customerUnits = pgTable(
  'customer_units',
  {
    id: idColumn(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    creditCode: varchar('credit_code', { length: 18 }),
    unitType: varchar('unit_type', { length: 10 }),
    address: varchar('address', { length: 255 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 100 }),
    bank: varchar('bank', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 64 }),
    status: varchar('status', { length: 10 }),
    remark: varchar('remark', { length: 500 }),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('customer_units_code_uq').on(t.code),
    index('customer_units_create_time_idx').on(t.createTime, t.id),
    trigramIndex('customer_units_code_trgm', t.code),
    trigramIndex('customer_units_name_trgm', t.name),
  ],
);

export const unitContacts = pgTable(
  'unit_contacts',
  {
    id: idColumn(),
    unitId: varchar('unit_id', { length: 32 })
      .notNull()
      .references(() => customerUnits.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 100 }),
    position: varchar('position', { length: 100 }),
    isPrimary: boolean('is_primary').notNull().default(false),
    sortNo: integer('sort_no').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('unit_contacts_unit_idx').on(t.unitId)],
);

export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    projectNo: varchar('project_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    customerUnitId: varchar('customer_unit_id', { length: 32 }).references(() => customerUnits.id, {
      onDelete: 'restrict',
    }),
    contactName: varchar('contact_name', { length: 100 }),
    contactPhone: varchar('contact_phone', { length: 32 }),
    testType: varchar('test_type', { length: 10 }),
    managerId: varchar('manager_id', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    departId: varchar('depart_id', { length: 32 }).references(() => departs.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    status: varchar('status', { length: 10 }).notNull().default('1'),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    remark: varchar('remark', { length: 500 }),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('projects_project_no_uq').on(t.projectNo),
    index('projects_create_time_idx').on(t.createTime, t.id),
    trigramIndex('projects_project_no_trgm', t.projectNo),
    trigramIndex('projects_name_trgm', t.name),
    index('projects_unit_idx').on(t.customerUnitId),
    index('projects_due_idx').on(t.dueDate),
  ],
);

export const projectItems = pgTable(
  'project_items',
  {
    id: idColumn(),
    projectId: varchar('project_id', { length: 32 })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    itemName: varchar('item_name', { length: 200 }).notNull(),
    standard: varchar('standard', { length: 200 }),
    codeLines: integer('code_lines').notNull().default(0),
    /** Result unit and limits, copied to each analysis when a sample of the project is received. */
    unit: varchar('unit', { length: 20 }),
    specMin: numeric('spec_min', { precision: 20, scale: 6 }),
    specMax: numeric('spec_max', { precision: 20, scale: 6 }),
    specText: varchar('spec_text', { length: 200 }),
    remark: varchar('remark', { length: 500 }),
    sortNo: integer('sort_no').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('project_items_project_idx').on(t.projectId)],
);

export const projectAttachments = pgTable(
  'project_attachments',
  {
    id: idColumn(),
    projectId: varchar('project_id', { length: 32 })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileId: varchar('file_id', { length: 32 })
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    filePath: varchar('file_path', { length: 255 }).notNull(),
    fileSize: integer('file_size').notNull(),
    ...auditColumns(),
  },
  (t) => [index('project_attachments_project_idx').on(t.projectId)],
);
