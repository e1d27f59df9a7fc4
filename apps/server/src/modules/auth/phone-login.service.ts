import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG, PHONE_MSG } from '@lims/contracts';
import { smsCodes, users } from '../../db/schema';
import { AppError, badRequest } from '../../platform/reply';
import type { SmsPurpose } from '../../platform/sms-sender';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 5;
const MAX_PER_HOUR = 10;

const hashCode = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest('hex');

/**
 * Issues a 6-digit code for a mobile number: at most one a minute and ten an hour per number.
 * For login, a code is only delivered to a number that belongs to an account, but the answer is
 * the same either way (no way to learn which numbers are registered).
 */
export async function issueSmsCode(
  app: FastifyInstance,
  mobile: string,
  purpose: SmsPurpose,
  ip: string,
): Promise<void> {
  const recent = await app.db
    .select({ ageMs: sql<number>`(extract(epoch from (now() - ${smsCodes.createdAt})) * 1000)::float8` })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, sql`now() - interval '1 hour'`)))
    .orderBy(desc(smsCodes.createdAt));
  const last = recent[0];
  if (last && Number(last.ageMs) < RESEND_AFTER_MS) {
    throw new AppError(429, PHONE_MSG.codeTooSoon(Math.ceil((RESEND_AFTER_MS - Number(last.ageMs)) / 1000)));
  }
  if (recent.length >= MAX_PER_HOUR) throw new AppError(429, MSG.tooManyRequests);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await app.db.insert(smsCodes).values({
    mobile,
    purpose,
    codeHash: hashCode(mobile, code),
    ip: ip.slice(0, 100),
    expiresAt: new Date(Date.now() + CODE_TTL_MS).toISOString(),
  });
  const owner =
    purpose === '1'
      ? undefined
      : (await app.db.select({ id: users.id }).from(users).where(eq(users.phone, mobile)).limit(1))[0];
  if (purpose === '1' || owner) await app.smsSender.send(mobile, code, purpose);
}

/** Checks and consumes the newest live code; five wrong tries burn it. */
export async function consumeSmsCode(
  app: FastifyInstance,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
): Promise<void> {
  const rows = await app.db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const row = rows[0];
  if (!row || row.attempts >= MAX_ATTEMPTS) throw badRequest(PHONE_MSG.codeExpired);
  const given = Buffer.from(hashCode(mobile, code));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    await app.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    throw badRequest(PHONE_MSG.codeWrong);
  }
  const used = await app.db
    .update(smsCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw badRequest(PHONE_MSG.codeExpired);
}
