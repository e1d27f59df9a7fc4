import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { logs } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/health and /api/ready', () => {
  it('answer without a session, and leave no trace in the operation log', async () => {
    const count = async () => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(logs))[0].n);
    const before = await count();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ success: true, result: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ success: true, result: { status: 'ready' } });
    expect(await count()).toBe(before);
  });

  it('/ready answers 503 with Retry-After while migrations are missing; /health still 200', async () => {
    // The newest recorded migration taken away, and put back afterwards.
    const [last] = await t.database.db
      .execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)
      .then((r) => (r as { rows: { id: number; hash: string; created_at: string }[] }).rows);
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({ success: false, code: 503, message: '数据库迁移尚未完成' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
