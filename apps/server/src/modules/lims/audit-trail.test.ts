import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { limsAudit } from '../../db/schema';
import { diffRecord, historyOf, recordAudit } from './audit-trail';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
const api = (p: string) => `${t.config.apiBase}${p}`;
const who = { id: 'u-test', username: 'tester', realname: '测试员' };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('diffRecord', () => {
  const labels = { result: '结果', unit: '单位', remark: '备注' };
  it('lists changed fields in label order with old and new text; numbers compare by value', () => {
    expect(
      diffRecord({ result: '1.50', unit: 'mg/L', remark: null }, { result: 1.5, unit: 'g/L', remark: '复测' }, labels),
    ).toEqual([
      { field: 'unit', label: '单位', old: 'mg/L', new: 'g/L' },
      { field: 'remark', label: '备注', old: null, new: '复测' },
    ]);
  });
  it('a created record lists its non-empty fields; a deleted one its old values', () => {
    expect(diffRecord(undefined, { result: '2', unit: '' }, labels)).toEqual([
      { field: 'result', label: '结果', old: null, new: '2' },
    ]);
    expect(diffRecord({ result: '2', unit: 'mg' }, undefined, labels)).toHaveLength(2);
  });
  it('fields missing from a partial update are not reported as cleared', () => {
    expect(diffRecord({ result: '2', unit: 'mg' }, { result: '3' }, labels)).toEqual([
      { field: 'result', label: '结果', old: '2', new: '3' },
    ]);
  });
});

describe(`audit trail storage (${TEST_DB})`, () => {
  it('keeps entries in the order written, with who and the reason', async () => {
    await t.database.db.transaction(async (tx) => {
      await recordAudit(tx, {
        entity: 'analysis',
        recordId: 'a1',
        recordLabel: 'YP1-铅',
        action: 'enter',
        changes: [{ field: 'result', label: '结果', old: null, new: '1' }],
        user: who,
      });
      await recordAudit(tx, {
        entity: 'analysis',
        recordId: 'a1',
        action: 'change',
        changes: [{ field: 'result', label: '结果', old: '1', new: '2' }],
        reason: '  抄写错误 ',
        user: who,
      });
    });
    const trail = await historyOf(t.database.db, 'analysis', 'a1');
    expect(trail.map((r) => [r.actionText, r.reason, r.realname])).toEqual([
      ['录入结果', null, '测试员'],
      ['修改结果', '抄写错误', '测试员'],
    ]);
    expect(trail[1].at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps the order of many entries written in one statement (within one clock tick)', async () => {
    const steps = Array.from({ length: 30 }, (_, i) => String(i));
    await recordAudit(
      t.database.db,
      steps.map((n) => ({
        entity: 'analysis' as const,
        recordId: 'a-many',
        action: 'change',
        changes: [{ field: 'result', label: '结果', old: null, new: n }],
        reason: `第${n}次`,
        user: who,
      })),
    );
    const trail = await historyOf(t.database.db, 'analysis', 'a-many');
    expect(trail.map((r) => r.changes[0].new)).toEqual(steps);
  });

  it('the database refuses to change, delete or truncate entries', async () => {
    await recordAudit(t.database.db, { entity: 'sample', recordId: 's1', action: 'create', changes: [], user: who });
    const db = t.database.db;
    await expect(db.update(limsAudit).set({ reason: '改' }).where(eq(limsAudit.recordId, 's1'))).rejects.toThrow();
    await expect(db.delete(limsAudit).where(eq(limsAudit.recordId, 's1'))).rejects.toThrow();
    await expect(db.execute(sql`truncate lims_audit`)).rejects.toThrow();
    expect(await historyOf(db, 'sample', 's1')).toHaveLength(1);
  });
});

describe(`audit export and settings routes (${TEST_DB})`, () => {
  it('exports the trail as .xlsx for a holder of the export code only', async () => {
    const res = await t.as(admin, { method: 'GET', url: api('/lims/audit/exportXls?entity=analysis') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const zhangsan = await t.login('zhangsan');
    expect((await t.as(zhangsan, { method: 'GET', url: api('/lims/audit/exportXls') })).statusCode).toBe(403);
  });

  it('settings: defaults, saved by a holder of the edit code, refused with a Chinese message when invalid', async () => {
    const read = await t.as(admin, { method: 'GET', url: api('/lims/settings') });
    expect(read.json().result).toEqual({ labelWidthMm: 60, labelHeightMm: 40, verifiersRequired: 1 });

    const bad = await t.as(admin, {
      method: 'PUT',
      url: api('/lims/settings'),
      payload: { labelWidthMm: 5, labelHeightMm: 40, verifiersRequired: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/标签尺寸|复核人数/);

    const sunqi = await t.login('sunqi');
    const denied = await t.as(sunqi, {
      method: 'PUT',
      url: api('/lims/settings'),
      payload: { labelWidthMm: 50, labelHeightMm: 30, verifiersRequired: 2 },
    });
    expect(denied.statusCode).toBe(403);

    const saved = await t.as(admin, {
      method: 'PUT',
      url: api('/lims/settings'),
      payload: { labelWidthMm: 50, labelHeightMm: 30, verifiersRequired: 2 },
    });
    expect(saved.json().result).toEqual({ labelWidthMm: 50, labelHeightMm: 30, verifiersRequired: 2 });
    expect((await t.as(sunqi, { method: 'GET', url: api('/lims/settings') })).json().result.verifiersRequired).toBe(2);
  });
});
