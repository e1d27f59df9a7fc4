import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { suppliers } from '../../db/schema';
import { defineListEntity, describeColumn } from './entity-spec';
import { probeList, probes, supplierList } from './list-query.fixture';

describe('defineListEntity', () => {
  it('puts id first, declared fields next, audit fields last', () => {
    expect([...supplierList.fields.keys()]).toEqual([
      'id',
      'code',
      'name',
      'supplierType',
      'contact',
      'qualificationExpiry',
      'status',
      'remark',
      'createTime',
      'createBy',
      'updateTime',
      'updateBy',
      'version',
    ]);
    expect(supplierList.defaultSort).toEqual({ field: 'createTime', order: 'desc' });
    expect(supplierList.fields.get('status')?.dict).toBe('supplier_status');
  });

  it('infers types and checks from the columns', () => {
    const types = Object.fromEntries(
      [...probeList.fields.values()].map((f) => [f.name, [f.type, f.numberKind ?? '', f.withTimeZone]]),
    );
    expect(types).toMatchObject({
      label: ['string', '', false],
      small: ['number', 'smallint', false],
      qty: ['number', 'integer', false],
      big: ['number', 'bigint', false],
      price: ['number', 'decimal', false],
      ratio: ['number', 'decimal', false],
      flag: ['boolean', '', false],
      day: ['date', '', false],
      atPlain: ['datetime', '', false],
      createTime: ['datetime', '', true],
    });
    expect(probeList.fields.get('hidden')).toMatchObject({ search: false, sort: false });
    expect(describeColumn(suppliers.name).type).toBe('string');
  });

  it('refuses specs that would be wrong at run time', () => {
    const bare = pgTable('bare', { code: varchar('code'), n: integer('n') });
    expect(() => defineListEntity({ table: bare, fields: { code: bare.code } })).toThrow(/id column/);
    expect(() =>
      defineListEntity({ table: suppliers, fields: { code: { column: suppliers.code, type: 'number' } } }),
    ).toThrow(/declared number/);
    expect(() => defineListEntity({ table: suppliers, fields: { credit_code: suppliers.creditCode } })).toThrow(
      /bad field name/,
    );
    expect(() => defineListEntity({ table: suppliers, fields: { order: suppliers.code } })).toThrow(/bad field name/);
    expect(() => defineListEntity({ table: suppliers, fields: {}, dict: { nope: 'x' } as never })).toThrow(
      /unknown field/,
    );
    expect(() =>
      defineListEntity({
        table: probes,
        fields: { hidden: { column: probes.hidden, sort: false } },
        defaultSort: { field: 'hidden', order: 'asc' },
      }),
    ).toThrow(/not sortable/);
    const noTime = pgTable('no_time', { id: varchar('id').primaryKey(), body: text('body') });
    expect(defineListEntity({ table: noTime, fields: { body: noTime.body } }).defaultSort).toEqual({
      field: 'id',
      order: 'desc',
    });
  });
});
