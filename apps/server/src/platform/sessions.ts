import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

export type SessionUser = {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  /** The id of the login department (`orgCode`), for data rules on columns holding a department id. */
  departId?: string | null;
  mustChangePassword: boolean;
};

export type ResolvedSession = { sessionId: string; user: SessionUser };

export type SessionPolicy = { idleMs: number; maxMs: number; beaconGraceMs: number };

/** A live session as its owner sees it (我的登录设备): never the token or its hash. */
export type SessionInfo = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
};

/**
 * `last_seen_at` is written at most this often per session (not on every request): a minute, or a
 * sixtieth of a shorter idle timeout. A request within that time of the last write leaves no trace,
 * so the idle check allows that much on top: a session ends between its idle timeout and that
 * timeout plus this after its last request, never before.
 */
export function touchEveryMs(idleMs: number): number {
  return Math.min(60_000, Math.floor(idleMs / 60));
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function buildResolveQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      logoutRequestedAt: sessions.logoutRequestedAt,
      expired: sql<boolean>`${sessions.expiresAt} <= now()`,
      idleMs: sql<number>`(extract(epoch from (now() - ${sessions.lastSeenAt})) * 1000)::float8`,
      beaconMs: sql<number | null>`(extract(epoch from (now() - ${sessions.logoutRequestedAt})) * 1000)::float8`,
      id: users.id,
      username: users.username,
      realname: users.realname,
      orgCode: users.orgCode,
      departId: sql<string | null>`(select d.id from departs d where d.org_code = ${users.orgCode} limit 1)`,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_resolve');
}

/** Opaque random tokens, stored only as their hash; sliding idle timeout plus an absolute lifetime. */
export function createSessionStore(db: Db, policy: SessionPolicy) {
  // Runs on every guarded request: built and prepared once (PostgreSQL then skips parsing it too).
  let prepared: ReturnType<typeof buildResolveQuery> | undefined;
  const resolveQuery = () => (prepared ??= buildResolveQuery(db));
  const touchMs = touchEveryMs(policy.idleMs);
  /** What resolve() would still accept (the user's status aside): not revoked, expired, idle or beacon-ended. */
  const live = (): SQL =>
    and(
      isNull(sessions.revokedAt),
      sql`${sessions.expiresAt} > now()`,
      sql`${sessions.lastSeenAt} > now() - make_interval(secs => ${(policy.idleMs + touchMs) / 1000})`,
      sql`(${sessions.logoutRequestedAt} is null or ${sessions.logoutRequestedAt} > now() - make_interval(secs => ${policy.beaconGraceMs / 1000}))`,
    )!;
  return {
    async create(userId: string, meta: { ip?: string; userAgent?: string }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + policy.maxMs).toISOString(),
        ip: meta.ip?.slice(0, 100),
        userAgent: meta.userAgent?.slice(0, 255),
      });
      return token;
    },

    /** The live session of a token, or null when unknown, revoked, expired, idle too long or the user is frozen. */
    async resolve(token: string): Promise<ResolvedSession | null> {
      if (token.length < 16 || token.length > 128) return null;
      const rows = await resolveQuery().execute({ tokenHash: hashToken(token) });
      const row = rows[0];
      if (!row || row.revokedAt || row.expired || row.status !== 1) return null;
      const idle = Number(row.idleMs);
      if (idle > policy.idleMs + touchMs) return null;
      if (row.beaconMs !== null && Number(row.beaconMs) > policy.beaconGraceMs) {
        await this.revokeById(row.sessionId);
        return null;
      }
      if (idle > touchMs || row.logoutRequestedAt) {
        await db
          .update(sessions)
          .set({ lastSeenAt: sql`now()`, logoutRequestedAt: null })
          .where(eq(sessions.id, row.sessionId));
      }
      const { id, username, realname, orgCode, departId, mustChangePassword } = row;
      return { sessionId: row.sessionId, user: { id, username, realname, orgCode, departId, mustChangePassword } };
    },

    async revokeById(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every live session of a user (password change, freeze, delete). */
    async revokeAllOfUser(userId: string, exceptSessionId?: string): Promise<void> {
      const cond = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(exceptSessionId ? and(cond, sql`${sessions.id} <> ${exceptSessionId}`) : cond);
    },

    /** The live sessions of a user, the most recently used first. */
    async listOfUser(userId: string): Promise<SessionInfo[]> {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live()))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** Ends one live session of `userId`; false when it is not theirs, not live or unknown (nothing changes). */
    async revokeOfUser(userId: string, sessionId: string): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), live()))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** 退出其他设备: ends every live session of `userId` but `keepSessionId`; answers how many. */
    async revokeOthersOfUser(userId: string, keepSessionId: string): Promise<number> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`, live()))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** The page-unload beacon: the session ends unless the token is used again within the grace period. */
    async requestDeferredLogout(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ logoutRequestedAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
