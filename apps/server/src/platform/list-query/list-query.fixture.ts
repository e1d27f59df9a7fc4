/** Test fixture for the list engine's tests: a typed probe table, two entities and known rows. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { suppliers } from '../../db/schema';
import { tstz } from '../../db/schema/common';
import { defineListEntity } from './entity-spec';
import type { DictLoader } from './records';

/** A table with one column of every type the engine handles (created by the tests only). */
export const probes = pgTable('list_probe', {
  id: varchar('id', { length: 32 }).primaryKey(),
  label: varchar('label', { length: 100 }),
  small: smallint('small'),
  qty: integer('qty'),
  big: bigint('big', { mode: 'number' }),
  price: numeric('price', { precision: 14, scale: 2 }),
  ratio: doublePrecision('ratio'),
  flag: boolean('flag'),
  day: date('day', { mode: 'string' }),
  atPlain: timestamp('at_plain', { mode: 'string' }),
  hidden: varchar('hidden', { length: 20 }),
  createTime: tstz('create_time').notNull().defaultNow(),
});

export const probeList = defineListEntity({
  table: probes,
  fields: {
    label: probes.label,
    small: probes.small,
    qty: { column: probes.qty, type: 'number' },
    big: probes.big,
    price: probes.price,
    ratio: probes.ratio,
    flag: probes.flag,
    day: probes.day,
    atPlain: probes.atPlain,
    hidden: { column: probes.hidden, search: false, sort: false },
  },
});

export const supplierList = defineListEntity({
  table: suppliers,
  fields: {
    code: suppliers.code,
    name: suppliers.name,
    supplierType: suppliers.supplierType,
    contact: suppliers.contact,
    qualificationExpiry: suppliers.qualificationExpiry,
    status: suppliers.status,
    remark: { column: suppliers.remark, sort: false },
  },
  dict: { status: 'supplier_status', supplierType: 'supplier_type' },
});

const DICTS: Record<string, Record<string, string>> = {
  supplier_status: { '1': '合格', '2': '暂停' },
  supplier_type: { '1': '试剂', '2': '仪器', '3': '服务' },
};
export const loadDict: DictLoader = (code) => new Map(Object.entries(DICTS[code] ?? {}));

/** Rows with known values: times in Asia/Shanghai, names with LIKE metacharacters. */
export const SUPPLIER_ROWS = [
  {
    id: 's1',
    code: 'S001',
    name: '华东试剂有限公司',
    supplierType: '1',
    contact: '张三',
    status: '1',
    qualificationExpiry: '2026-01-31',
    createTime: '2026-01-01 00:00:00+08',
    remark: '首选',
  },
  {
    id: 's2',
    code: 'S002',
    name: '100%纯净水厂',
    supplierType: '1,2',
    contact: '李四',
    status: '2',
    qualificationExpiry: '2026-02-01',
    createTime: '2026-01-01 23:59:59.999+08',
    remark: null,
  },
  {
    id: 's3',
    code: 'S003',
    name: 'a_b 仪器',
    supplierType: '2',
    contact: null,
    status: '1',
    qualificationExpiry: null,
    createTime: '2026-01-02 00:00:00+08',
    remark: '',
  },
  {
    id: 's4',
    code: 'S004',
    name: 'back\\slash 服务',
    supplierType: '3',
    contact: '王五',
    status: null,
    qualificationExpiry: '2025-12-31',
    createTime: '2026-01-02 08:30:15.250+08',
    remark: '备用',
  },
  {
    id: 's5',
    code: 'X005',
    name: "O'Brien 实验",
    supplierType: '9',
    contact: '赵六',
    status: '1',
    qualificationExpiry: '2026-03-15',
    createTime: '2026-01-03 12:00:00+08',
    remark: null,
  },
] as const;

export const PROBE_ROWS = [
  {
    id: 'p1',
    label: 'alpha',
    small: 1,
    qty: 10,
    big: 9_000_000_000,
    price: '12.50',
    ratio: 0.5,
    flag: true,
    day: '2026-01-01',
    atPlain: '2026-01-01 10:00:00',
    hidden: 'h',
    createTime: '2026-01-01 10:00:00+08',
  },
  {
    id: 'p2',
    label: 'beta',
    small: -3,
    qty: 20,
    big: 1,
    price: '100.00',
    ratio: 1.25,
    flag: false,
    day: '2026-01-02',
    atPlain: '2026-01-02 00:00:00',
    hidden: null,
    createTime: '2026-01-02 10:00:00+08',
  },
  {
    id: 'p3',
    label: null,
    small: null,
    qty: null,
    big: null,
    price: null,
    ratio: null,
    flag: null,
    day: null,
    atPlain: null,
    hidden: null,
    createTime: '2026-01-03 10:00:00+08',
  },
] as const;

/** Creates the probe table and inserts the known rows into it and into suppliers. */
export async function insertFixtureRows(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists list_probe (
    id varchar(32) primary key, label varchar(100), small smallint, qty integer, big bigint,
    price numeric(14, 2), ratio double precision, flag boolean, day date, at_plain timestamp,
    hidden varchar(20), create_time timestamptz not null default now())`);
  await db.insert(suppliers).values(SUPPLIER_ROWS.map((r) => ({ ...r })));
  await db.insert(probes).values(PROBE_ROWS.map((r) => ({ ...r })));
}
