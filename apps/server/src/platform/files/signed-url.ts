import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta } from '../../db/schema';

const SECRET_KEY = 'file_url_secret';

/** Signs and checks the short-lived URLs of stored images (`?expires=<unix s>&sign=<hex>`), for `<img>` without a session. */
export type UrlSigner = {
  /** Loads the installation's secret once; then `sign` and `verify` are synchronous. */
  ready: () => Promise<UrlSignerReady>;
};
export type UrlSignerReady = {
  /** `expires=…&sign=…` for a stored path, valid `ttlMs` from now. */
  sign: (storagePath: string, now?: number) => string;
  /** True when `sign` was made by this installation for exactly this path and has not expired. */
  verify: (storagePath: string, expires: unknown, sign: unknown, now?: number) => boolean;
};

/** The HMAC secret lives in `app_meta`, made by the first process that needs it, so every process shares it. */
async function loadSecret(db: Db): Promise<Buffer> {
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_KEY)).limit(1);
  if (!row) throw new Error('file url secret missing');
  return Buffer.from(row.value, 'hex');
}

export function createUrlSigner(db: Db, ttlMs: number): UrlSigner {
  let loading: Promise<UrlSignerReady> | undefined;
  const make = (secret: Buffer): UrlSignerReady => {
    const mac = (storagePath: string, expires: number) =>
      createHmac('sha256', secret).update(`static\n${storagePath}\n${expires}`).digest();
    return {
      sign(storagePath, now = Date.now()) {
        const expires = Math.ceil((now + ttlMs) / 1000);
        return `expires=${expires}&sign=${mac(storagePath, expires).toString('hex')}`;
      },
      verify(storagePath, expires, sign, now = Date.now()) {
        if (
          typeof expires !== 'string' ||
          !/^\d{1,12}$/.test(expires) ||
          typeof sign !== 'string' ||
          !/^[0-9a-f]{64}$/.test(sign)
        )
          return false;
        const at = Number(expires);
        if (at * 1000 <= now) return false;
        return timingSafeEqual(mac(storagePath, at), Buffer.from(sign, 'hex'));
      },
    };
  };
  return {
    ready() {
      loading ??= loadSecret(db).then(make, (err: unknown) => {
        loading = undefined;
        throw err;
      });
      return loading;
    },
  };
}
