import type { FastifyInstance } from 'fastify';
import { MSG } from '@lims/contracts';
import {
  addressKey,
  forgetAccountFailures,
  forgetAttempts,
  loginFailureCounts,
  recordAttempt,
  settleAttempt,
} from '../../platform/auth-attempts';
import { AppError } from '../../platform/reply';
import { rateLimitMessage } from '../../plugins/rate-limit';

const minutesUntil = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 60_000));

/**
 * Sign-in throttling shared by every instance (rows in `auth_attempts`), keyed by the account name
 * as typed, so an unknown name behaves exactly like a real account:
 * - one name from one address: the Nth failure within LOGIN_LOCK_MINUTES locks that pair (423);
 * - a name with many failures from all addresses (LOGIN_ACCOUNT_MAX_FAILURES in its window) is under
 *   slow-down: an address with a failure on it in the last LOGIN_LOCK_MINUTES is refused (423);
 * - an address with many failures on any names (LOGIN_IP_MAX_FAILURES in its window) is refused
 *   (429) for the names it already failed on.
 * An address without failures on the name is never refused, so nobody can lock the owner out.
 * The attempt is recorded (pending) before the password is checked, so parallel guesses see each
 * other: no more than LOGIN_MAX_FAILURES of one name from one address are checked at once; it is
 * forgotten again when it is refused or succeeds.
 */
export async function beginSignIn(app: FastifyInstance, accountName: string, ip: string) {
  const { db, config } = app;
  const addr = addressKey(ip);
  const account = accountName.slice(0, 100);
  const id = await recordAttempt(db, 'login', addr, account, true);
  const ipLimit = config.rateLimits.login;
  const counts = await loginFailureCounts(db, {
    account,
    addr,
    exceptId: id,
    pairMs: Math.max(config.loginLockMs, ipLimit.windowMs),
    accountMs: config.loginAccountMax.windowMs,
    addressMs: ipLimit.windowMs,
  });
  const { nowMs } = counts;
  const pairLock = counts.pair.filter((t) => t > nowMs - config.loginLockMs);
  const pairIp = counts.pair.filter((t) => t > nowMs - ipLimit.windowMs);
  const refuse = async (error: AppError): Promise<never> => {
    await forgetAttempts(db, [id]);
    throw error;
  };
  if (pairLock.length >= config.loginMaxFailures) {
    // Locked until enough of these failures have aged out of the window.
    const until = pairLock[pairLock.length - config.loginMaxFailures] + config.loginLockMs;
    await refuse(new AppError(423, MSG.accountLocked(minutesUntil(until, nowMs))));
  }
  if (pairLock.length + counts.pairPending >= config.loginMaxFailures) {
    // As many sign-ins of this name from this address are being checked at once: a burst of guesses.
    await refuse(new AppError(429, rateLimitMessage('login', 60), null, { 'retry-after': '60' }));
  }
  if (pairLock.length > 0 && counts.account >= config.loginAccountMax.max) {
    await refuse(
      new AppError(423, MSG.accountLocked(minutesUntil(pairLock[pairLock.length - 1] + config.loginLockMs, nowMs))),
    );
  }
  if (pairIp.length > 0 && counts.address >= ipLimit.max) {
    const retryAfter = Math.max(1, Math.ceil((pairIp[pairIp.length - 1] + ipLimit.windowMs - nowMs) / 1000));
    await refuse(new AppError(429, rateLimitMessage('login', retryAfter), null, { 'retry-after': String(retryAfter) }));
  }
  return {
    /** A failure: stays counted. Answers the lock minutes when this failure locked the pair (0: not locked). */
    async failed(): Promise<number> {
      // Counted again: failures checked in parallel with this one count too.
      const failures = await settleAttempt(db, id, config.loginLockMs);
      return failures >= config.loginMaxFailures ? Math.round(config.loginLockMs / 60_000) : 0;
    },
    /** Not a guess (e.g. a frozen account): forgotten. */
    async discard(): Promise<void> {
      await forgetAttempts(db, [id]);
    },
    /** Success: this address's failures on the account are forgotten, the other addresses' stay. */
    async succeeded(): Promise<void> {
      await forgetAccountFailures(db, account, addr);
    },
  };
}
