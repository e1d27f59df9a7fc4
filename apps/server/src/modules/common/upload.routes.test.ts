import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { files } from '../../db/schema';
import { buildZip } from '../../platform/excel/zip.fixture';
import { fileUpload } from '../../platform/files/multipart.fixture';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(32)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

let t: TestApp;
let token: string;
const upload = (
  filename: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
  url = '/api/sys/common/upload',
) => {
  const body = fileUpload(filename, content, fields);
  return t.as(token, { method: 'POST', url, payload: body.payload, headers: body.headers });
};

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

describe(`upload (${TEST_DB})`, () => {
  it('stores an image under <biz>/<yyyyMM>/<32 hex>.png with a files row, and answers id, path, name and url', async () => {
    const res = await upload('头像.png', PNG, { biz: 'avatar' });
    expect(res.statusCode).toBe(200);
    const { result, message } = res.json();
    expect(result.filePath).toMatch(/^avatar\/\d{6}\/[0-9a-f]{32}\.png$/);
    expect(message, 'the stored path, where the original JeecgBoot client reads it').toBe(result.filePath);
    expect(result.fileName).toBe('头像.png');
    expect(result.url).toMatch(
      new RegExp(`^/api/sys/common/static/${result.filePath}\\?expires=\\d+&sign=[0-9a-f]{64}$`),
    );
    const [row] = await t.database.db.select().from(files).where(eq(files.id, result.id));
    expect(row).toMatchObject({
      storagePath: result.filePath,
      originalName: '头像.png',
      mime: 'image/png',
      size: PNG.length,
      biz: 'avatar',
    });
    expect(row.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(await t.app.fileStorage.has(result.filePath)).toBe(true);
  });

  it('accepts every SPEC type whose content matches its extension', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('a').addRow(['x']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const samples: [string, Buffer | string][] = [
      ['a.jpg', JPG],
      ['a.gif', GIF],
      ['a.pdf', PDF],
      ['说明.txt', '你好，世界\r\nline 2\n'],
      ['a.xlsx', xlsx],
      ['a.zip', buildZip([{ name: 'readme.txt', data: 'hello' }])],
      ['a.bmp', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
    ];
    for (const [name, content] of samples) {
      const res = await upload(name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().result.filePath).toMatch(/^temp\/\d{6}\/[0-9a-f]{32}\./);
    }
  });

  it('refuses a renamed executable or script with a clear message, and other mismatches', async () => {
    for (const [name, content] of [
      ['photo.jpg', EXE],
      ['report.pdf', ELF],
      ['setup.zip', EXE],
      ['run.txt', '#!/bin/sh\nrm -rf /\n'],
    ] as const) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe('文件内容是可执行程序或脚本，不允许上传');
    }
    const script = await upload('image.png', '#!/bin/sh\necho pwned\n');
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe('文件内容与扩展名不符：该文件不是有效的 .png 文件');
    const binaryText = await upload('data.txt', Buffer.from([0x68, 0x00, 0x69]));
    expect(binaryText.json().message).toBe('文本文件必须是 UTF-8 编码的纯文本（不能包含二进制内容）');
  });

  it('refuses extensions outside the list, a bad biz and an empty file', async () => {
    for (const name of ['virus.exe', 'page.html', 'shell.php', 'noext', 'x.svg']) {
      const res = await upload(name, 'hello');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toMatch(/^不支持上传该类型的文件/);
    }
    expect((await upload('a.png', PNG, { biz: '../etc' })).json().message).toMatch(/biz/);
    expect((await upload('a.png', PNG, { biz: 'A B' })).statusCode).toBe(400);
    expect((await upload('a.txt', '')).json().message).toBe('文件内容为空');
  });

  it('refuses more than 10 MB with 413 and the SPEC message, and leaves no file behind', async () => {
    const before = (await t.database.db.select().from(files)).length;
    const res = await upload('big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: '文件大小超出10MB限制, 请压缩或降低文件质量！' });
    expect((await t.database.db.select().from(files)).length).toBe(before);
  });

  it('needs a signed-in user (header or token query param) and a multipart body', async () => {
    const body = fileUpload('a.png', PNG);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sys/common/upload',
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/api/sys/common/upload?token=${token}`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(viaQuery.statusCode).toBe(200);
    const json = await t.as(token, { method: 'POST', url: '/api/sys/common/upload', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('answers 400 for a truncated or malformed multipart body and for two files', async () => {
    const part = (name: string, body: string) =>
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${body}\r\n`;
    const cases: [string, string, string][] = [
      [
        'multipart/form-data; boundary=b',
        `${part('a.txt', 'hello').slice(0, -2)}`,
        '上传的内容不完整或格式不正确，请重新上传',
      ],
      ['multipart/form-data; boundary=b', 'garbage', '上传的内容不完整或格式不正确，请重新上传'],
      ['multipart/form-data', '--b\r\n', '上传的内容不完整或格式不正确，请重新上传'],
      [
        'multipart/form-data; boundary=b',
        `${part('a.txt', 'hi')}${part('b.txt', 'ho')}--b--\r\n`,
        '一次只能上传一个文件',
      ],
    ];
    for (const [contentType, payload, message] of cases) {
      const res = await t.as(token, {
        method: 'POST',
        url: '/api/sys/common/upload',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe(`download and static images (${TEST_DB})`, () => {
  let image: { id: string; filePath: string };
  let text: { id: string; filePath: string };
  beforeAll(async () => {
    image = (await upload('图片.png', PNG)).json().result;
    text = (await upload('说明 文档.txt', '第一行\n')).json().result;
  });

  it('downloads by id or stored path with the original name (RFC 5987) for a signed-in user', async () => {
    const res = await t.as(token, { method: 'GET', url: `/api/sys/common/download/${text.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('第一行\n');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ __.txt"; filename*=UTF-8''${encodeURIComponent('说明 文档.txt')}`,
    );
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await t.as(token, { method: 'GET', url: `/api/sys/common/download/${text.filePath}` })).body).toBe(
      '第一行\n',
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/sys/common/download/${text.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sys/common/download/${text.id}?token=${token}` })).statusCode,
    ).toBe(200);
  });

  it('serves images to a signed-in user (header or token) with private cache headers, and nothing else', async () => {
    const res = await t.as(token, { method: 'GET', url: `/api/sys/common/static/${image.filePath}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${image.filePath}?token=${token}` }))
        .statusCode,
    ).toBe(200);
    const notImage = await t.as(token, { method: 'GET', url: `/api/sys/common/static/${text.filePath}` });
    expect(notImage.statusCode).toBe(404);
    expect(notImage.json().message).toBe('未知的文件');
    expect((await t.as(token, { method: 'GET', url: `/api/sys/common/static/${image.id}` })).statusCode).toBe(404);
  });

  it('answers 未知的文件 for unknown files', async () => {
    for (const ref of ['0123456789abcdef0123456789abcdef', 'temp/202601/0123456789abcdef0123456789abcdef.png']) {
      const res = await t.as(token, { method: 'GET', url: `/api/sys/common/download/${ref}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('未知的文件');
    }
  });

  it('makes path traversal impossible on static and download', async () => {
    const attempts = [
      '../../../../etc/passwd',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `temp/${image.filePath.split('/')[1]}/../../../package.json`,
      '%2fetc%2fpasswd',
      '/etc/passwd',
      '//etc/passwd',
      'C:%5cWindows%5cwin.ini',
      '..%5c..%5cpackage.json',
      `${image.filePath}%00.png`,
      `${image.filePath}/..`,
      `${image.filePath.replace('/', '//')}`,
      '%252e%252e/%252e%252e/etc/passwd',
      '....//....//etc/passwd',
    ];
    for (const ref of attempts) {
      for (const base of ['/api/sys/common/static/', '/api/sys/common/download/']) {
        const res = await t.as(token, { method: 'GET', url: base + ref });
        // A URL whose dot segments climb out of the API is the web app's page (history fallback), never a file.
        const outcome = res.statusCode === 200 ? `page ${String(res.headers['content-type'])}` : String(res.statusCode);
        expect(outcome, `${base}${ref}`).toMatch(/^(400|404|page text\/html)/);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(res.body).not.toMatch(/root:|"name":|\[fonts\]/);
      }
    }
  });
});
