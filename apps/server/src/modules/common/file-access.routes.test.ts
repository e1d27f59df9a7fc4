import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { files } from '../../db/schema';
import { fileUpload } from '../../platform/files/multipart.fixture';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
let token: string;
const upload = (name: string, content: Buffer | string, as = token, biz = 'avatar') => {
  const body = fileUpload(name, content, { biz });
  return t.as(as, { method: 'POST', url: '/api/sys/common/upload', payload: body.payload, headers: body.headers });
};
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  // Quotas small enough to reach: 4 uploads a minute, 1 MB in 24 hours per user.
  t = await buildTestApp({ UPLOAD_MAX_FILES_PER_MINUTE: '4', UPLOAD_MAX_MB_PER_DAY: '1', FILE_URL_TTL_MINUTES: '5' });
  token = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe(`stored files need a session or a signed URL (${TEST_DB})`, () => {
  it('answers 401 to anonymous requests for images and downloads, by path or id', async () => {
    const image = (await upload('a.png', PNG)).json().result;
    for (const url of [
      `/api/sys/common/static/${image.filePath}`,
      `/api/sys/common/download/${image.id}`,
      `/api/sys/common/download/${image.filePath}`,
    ]) {
      const res = await anonymous(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Token失效，请重新登录');
      expect(res.headers['content-type']).toMatch(/json/);
      expect((await anonymous(`${url}?token=not-a-session`)).statusCode, url).toBe(401);
    }
  });

  it('answers 404 未知的文件 quietly for /static/null and unknown images of a signed-in user', async () => {
    for (const ref of ['null', 'undefined', 'avatar/202601/0123456789abcdef0123456789abcdef.png']) {
      const res = await t.as(token, { method: 'GET', url: `/api/sys/common/static/${ref}` });
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: '未知的文件' });
    }
  });

  it('opens the signed URL an upload answered without a session, only for its lifetime and only for its file', async () => {
    const first = (await upload('first.png', PNG)).json().result;
    const second = (await upload('second.png', PNG)).json().result;
    const signed = await anonymous(first.url);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(PNG)).toBe(true);
    expect(Number(/max-age=(\d+)/.exec(String(signed.headers['cache-control']))?.[1])).toBeLessThanOrEqual(301);

    const query = first.url.slice(first.url.indexOf('?'));
    const sign = new URLSearchParams(query).get('sign')!;
    const expires = Number(new URLSearchParams(query).get('expires'));
    const altered = [
      `/api/sys/common/static/${second.filePath}${query}`,
      `/api/sys/common/static/${first.filePath}?expires=${expires + 3600}&sign=${sign}`,
      `/api/sys/common/static/${first.filePath}?expires=${expires}&sign=${sign.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      `/api/sys/common/download/${first.id}${query}`,
    ];
    for (const url of altered) expect((await anonymous(url)).statusCode, url).toBe(401);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect((await anonymous(first.url)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await anonymous(first.url);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Token失效，请重新登录');
  });
});

describe(`per-user upload quotas, counted in the database (${TEST_DB})`, () => {
  it('refuses uploads beyond the per-minute count with 429, Retry-After and a Chinese message; others still upload', async () => {
    const lisi = await t.login('lisi');
    // Six at once: the final check is serialised per user, so exactly four pass.
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(`q${i}.png`, PNG, lisi)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^上传过于频繁：每人每分钟最多上传 4 个文件，请 \d+ 秒后再试$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    const manager = await t.login('manager');
    expect((await upload('other.png', PNG, manager)).statusCode).toBe(200);

    // The count is the database's: once the uploads are more than a minute old the user may upload again.
    await t.database.db.execute(
      sql`update files set create_time = create_time - interval '2 minutes' where create_by = 'lisi'`,
    );
    expect((await upload('later.png', PNG, lisi)).statusCode).toBe(200);
  });

  it('refuses an upload that would pass the 24-hour volume with 413 and stores nothing', async () => {
    const zhangsan = await t.login('zhangsan');
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
    expect((await upload('a.pdf', big, zhangsan, 'temp')).statusCode).toBe(200);
    const res = await upload('b.pdf', big, zhangsan, 'temp');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('上传总量已达上限：每人 24 小时内最多上传 1 MB，请稍后再试或联系管理员');
    expect(await t.database.db.$count(files, eq(files.createBy, 'zhangsan'))).toBe(1);
  });
});
