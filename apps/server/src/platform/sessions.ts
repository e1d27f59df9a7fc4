import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

export type SessionUser = {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  mustChangePassword: boolean;
};

export type ResolvedSession = { sessionId: string; user: SessionUser };

export type SessionPolicy = { idleMs: number; maxMs: number; beaconGraceMs: number };

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
      const { id, username, realname, orgCode, mustChangePassword } = row;
      return { sessionId: row.sessionId, user: { id, username, realname, orgCode, mustChangePassword } };
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
