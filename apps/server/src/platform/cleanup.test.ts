import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { authAttempts, logs, sessions, smsCodes, users } from '../db/schema';
import { CLEANUP_LOCK } from './cleanup';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_RETENTION_DAYS: '30' });
});
afterAll(async () => {
  await t?.close();
});

/** Rows and files of every kind the clean-up handles: one set past its time, one still live. */
async function plant(tag: string) {
  const db = t.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangsan'));
  const session = async (set: { expiresAt?: SQL; revokedAt?: SQL; lastSeenAt?: SQL }) => {
    await t.app.sessions.create(user.id, { ip: tag });
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.ip, tag))
      .orderBy(sql`${sessions.createdAt} desc, ${sessions.id}`);
    await db
      .update(sessions)
      .set({ ...set, ip: `${tag}-done` })
      .where(eq(sessions.id, row.id));
    return row.id;
  };
  const expired = [
    await session({ expiresAt: sql`now() - interval '1 minute'` }),
    await session({ revokedAt: sql`now()` }),
    await session({ lastSeenAt: sql`now() - interval '3 hours'` }),
  ];
  const liveSession = await session({});
  const sms = async (age: string) =>
    (
      await db
        .insert(smsCodes)
        .values({
          mobile: '13700000000',
          purpose: '0',
          codeHash: 'x'.repeat(64),
          expiresAt: sql`now() - interval '1 minute'`,
          createdAt: sql`now() - ${sql.raw(`interval '${age}'`)}`,
        })
        .returning({ id: smsCodes.id })
    )[0].id;
  const log = async (age: string) =>
    (
      await db
        .insert(logs)
        .values({
          logType: 2,
          logContent: `清理测试 ${tag}`,
          createTime: sql`now() - ${sql.raw(`interval '${age}'`)}`,
        })
        .returning({ id: logs.id })
    )[0].id;
  const attempt = async (age: string) =>
    (
      await db
        .insert(authAttempts)
        .values({
          bucket: 'login',
          account: `cleanup-${tag}`,
          addr: '10.99.0.1',
          at: sql`now() - ${sql.raw(`interval '${age}'`)}`,
        })
        .returning({ id: authAttempts.id })
    )[0].id;
  const tmpDir = path.join(t.config.uploadDir, '.tmp');
  mkdirSync(tmpDir, { recursive: true });
  const oldPart = path.join(tmpDir, `${tag}-old.part`);
  const freshPart = path.join(tmpDir, `${tag}-fresh.part`);
  writeFileSync(oldPart, 'x');
  writeFileSync(freshPart, 'x');
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  utimesSync(oldPart, twoDaysAgo, twoDaysAgo);
  return {
    old: {
      sessions: expired,
      sms: [await sms('2 days')],
      logs: [await log('31 days')],
      attempts: [await attempt('2 hours')],
      file: oldPart,
    },
    live: {
      sessions: [liveSession],
      sms: [await sms('10 minutes')],
      logs: [await log('29 days')],
      attempts: [await attempt('5 minutes')],
      file: freshPart,
    },
  };
}

async function present(ids: Awaited<ReturnType<typeof plant>>['old']) {
  const db = t.database.db;
  return {
    sessions: (await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids.sessions))).length,
    sms: (await db.select({ id: smsCodes.id }).from(smsCodes).where(inArray(smsCodes.id, ids.sms))).length,
    logs: (await db.select({ id: logs.id }).from(logs).where(inArray(logs.id, ids.logs))).length,
    attempts: (
      await db.select({ id: authAttempts.id }).from(authAttempts).where(inArray(authAttempts.id, ids.attempts))
    ).length,
    file: existsSync(ids.file),
  };
}

describe(`scheduled clean-up (${TEST_DB})`, () => {
  it('deletes expired sessions, old SMS codes, old counters, logs past LOG_RETENTION_DAYS and left-over upload parts; keeps the live ones', async () => {
    const rows = await plant('a');
    expect(await present(rows.old)).toEqual({ sessions: 3, sms: 1, logs: 1, attempts: 1, file: true });
    const report = await t.app.cleanup.runOnce();
    expect(report).not.toBeNull();
    expect(report!.sessions).toBeGreaterThanOrEqual(3);
    expect(report!.logs).toBeGreaterThanOrEqual(1);
    expect(report!.tempUploads).toBe(1);
    expect(await present(rows.old)).toEqual({ sessions: 0, sms: 0, logs: 0, attempts: 0, file: false });
    expect(await present(rows.live)).toEqual({ sessions: 1, sms: 1, logs: 1, attempts: 1, file: true });
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'skips its turn while another instance holds the clean-up lock, and runs once it is free',
    async () => {
      const rows = await plant('b');
      let skipped: unknown;
      // Another connection of the pool stands for the other instance, in the middle of its run.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CLEANUP_LOCK})`);
        skipped = await t.app.cleanup.runOnce();
      });
      expect(skipped).toBeNull();
      expect(await present(rows.old)).toMatchObject({ sessions: 3, sms: 1, logs: 1, attempts: 1 });
      expect(await t.app.cleanup.runOnce()).not.toBeNull();
      expect(await present(rows.old)).toMatchObject({ sessions: 0, sms: 0, logs: 0, attempts: 0 });
    },
  );

  it('runs by itself on its schedule', async () => {
    const rows = await plant('c');
    t.app.cleanup.start(20);
    await vi.waitFor(async () => expect((await present(rows.old)).logs).toBe(0), { timeout: 20_000, interval: 50 });
    expect(await present(rows.old)).toEqual({ sessions: 0, sms: 0, logs: 0, attempts: 0, file: false });
    expect(await present(rows.live)).toMatchObject({ sessions: 1, sms: 1, logs: 1, attempts: 1 });
  });
});
