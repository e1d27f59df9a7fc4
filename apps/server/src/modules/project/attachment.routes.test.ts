import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { files, projectAttachments } from '../../db/schema';
import { downloadName } from './attachment.routes';
import { projectKit } from './project.test-kit';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let k: ReturnType<typeof projectKit>;
let projectA: string;
let projectB: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = projectKit(t, () => admin);
  projectA = await k.addProject({ name: '附件项目A' });
  projectB = await k.addProject({ name: '附件项目B' });
});
afterAll(async () => {
  await t?.close();
});

type Rec = Record<string, unknown>;
const uploadTo = (projectId: string, name: string, content: Buffer | string, token = admin) =>
  k.upload(`/fj/xmfj/upload?projectId=${projectId}`, name, content, token);
const download = (query: Rec, token = admin) =>
  k.get(`/fj/xmfj/downloadFile?${new URLSearchParams(query as Record<string, string>).toString()}`, token);
const onDisk = (p: string) => t.app.fileStorage.has(p);

describe(`project attachments (${TEST_DB})`, () => {
  it('uploads accepted files to a project, lists them, downloads by stored path', async () => {
    const pdf = await uploadTo(projectA, '检测报告.pdf', PDF);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const att = pdf.json().result;
    expect(att).toMatchObject({
      projectId: projectA,
      fileName: '检测报告.pdf',
      fileSize: PDF.length,
      isImage: false,
      createBy: 'admin',
      createByName: '管理员',
    });
    expect(att.filePath).toMatch(/^project\/\d{6}\/[0-9a-f]{32}\.pdf$/);
    expect(await onDisk(att.filePath)).toBe(true);
    const png = (await uploadTo(projectA, '现场照片.png', PNG)).json().result;
    expect(png).toMatchObject({ isImage: true });
    expect(png.url).toMatch(new RegExp(`^/api/sys/common/static/${png.filePath}\\?expires=\\d+&sign=[0-9a-f]{64}$`));
    expect((await t.app.inject({ method: 'GET', url: png.url })).statusCode).toBe(200);

    const list = (await k.get(`/fj/xmfj/list?projectId=${projectA}`)).json().result;
    expect(list.map((a: Rec) => a.fileName)).toEqual(['检测报告.pdf', '现场照片.png']);
    // 上传人 is the uploader's real name, not the account name.
    expect(list.map((a: Rec) => a.createByName)).toEqual(['管理员', '管理员']);
    expect((await k.get(`/fj/xmfj/list?projectId=${projectB}`)).json().result).toEqual([]);

    const res = await download({ filePath: att.filePath, fileName: '报告(最终).pdf', projectId: projectA });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('报告(最终).pdf').replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    const byToken = await t.app.inject({ method: 'GET', url: `${att.url}&token=${admin}` });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['content-disposition']).toContain(encodeURIComponent('检测报告.pdf'));
  });

  it('refuses types outside the list, renamed programs and a missing project', async () => {
    for (const [name, content, status] of [
      ['virus.exe', EXE, 400],
      ['report.pdf', EXE, 400],
      ['page.html', '<html></html>', 400],
      ['a.png', 'not a png', 400],
    ] as const) {
      const res = await uploadTo(projectA, name, content);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message).toMatch(/不支持上传该类型的文件|可执行程序|内容与扩展名不符/);
    }
    const big = await uploadTo(projectA, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('文件大小超出10MB限制, 请压缩或降低文件质量！');
    expect((await uploadTo('nosuchproject', 'a.pdf', PDF)).statusCode).toBe(404);
    expect((await k.upload('/fj/xmfj/upload', 'a.pdf', PDF)).json().message).toBe(PROJECT_MSG.projectIdRequired);
    const rows = await t.database.db
      .select()
      .from(projectAttachments)
      .where(eq(projectAttachments.projectId, projectA));
    expect(rows.length).toBe(2);
  });

  it('downloads nothing outside the stored attachments: other project, traversal, files not in the table', async () => {
    const att = (await uploadTo(projectB, 'b.pdf', PDF)).json().result;
    const other = await download({ filePath: att.filePath, fileName: 'b.pdf', projectId: projectA });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PROJECT_MSG.unknownFile);

    const avatar = (await k.upload('/sys/common/upload?biz=avatar', 'a.png', PNG)).json().result.filePath;
    const looseDir = path.join(t.config.uploadDir, 'project', '202601');
    mkdirSync(looseDir, { recursive: true });
    writeFileSync(path.join(looseDir, `${'a'.repeat(32)}.pdf`), PDF);
    const refused = [
      avatar,
      `project/202601/${'a'.repeat(32)}.pdf`,
      `../${att.filePath}`,
      `${att.filePath}/../../../../etc/passwd`,
      '../../../../etc/passwd',
      '/etc/passwd',
      '..\\..\\windows\\win.ini',
      `project/../${att.filePath}`,
      `./${att.filePath}`,
      `${att.filePath}%00.png`,
      encodeURIComponent(att.filePath),
      ` ${att.filePath}x`,
    ];
    for (const filePath of refused) {
      const res = await download({ filePath, fileName: 'x.pdf' });
      expect(res.statusCode, filePath).toBe(404);
      expect(res.json().message).toBe(PROJECT_MSG.unknownFile);
    }
    for (const query of [{}, { filePath: '' }, { filePath: '  ', fileName: 'x' }]) {
      const res = await download(query);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('未知的文件');
    }
  });

  it('keeps the stored extension on the download name and strips folders', () => {
    const stored = { fileName: '原始.pdf', storagePath: 'project/202601/abc.pdf' };
    expect(downloadName('../../evil.html', stored)).toBe('evil.html.pdf');
    expect(downloadName('报告.PDF', stored)).toBe('报告.PDF');
    expect(downloadName(undefined, stored)).toBe('原始.pdf');
    expect(downloadName('a\r\nb', stored)).toBe('ab.pdf');
  });

  it('deletes an attachment with its stored file; deleting a project removes its files', async () => {
    const att = (await uploadTo(projectB, 'del.pdf', PDF)).json().result;
    expect(await onDisk(att.filePath)).toBe(true);
    expect((await k.send('DELETE', `/fj/xmfj/delete?id=${att.id}`)).statusCode).toBe(200);
    expect(await onDisk(att.filePath)).toBe(false);
    expect((await download({ filePath: att.filePath })).statusCode).toBe(404);
    expect((await k.send('DELETE', `/fj/xmfj/delete?id=${att.id}`)).statusCode).toBe(404);

    const project = await k.addProject({ name: '将被删除的项目' });
    const paths = [
      (await uploadTo(project, 'p1.pdf', PDF)).json().result,
      (await uploadTo(project, 'p2.png', PNG)).json().result,
    ];
    expect((await k.send('DELETE', `/project/jcXmProject/deleteBatch?ids=${project}`)).json().result).toBe(1);
    for (const p of paths) {
      expect(await onDisk(p.filePath)).toBe(false);
      expect(await t.database.db.select().from(files).where(eq(files.storagePath, p.filePath))).toEqual([]);
      expect(await t.database.db.select().from(projectAttachments).where(eq(projectAttachments.id, p.id))).toEqual([]);
    }
  });

  it('lets zhangsan list and download but not upload or delete (403)', async () => {
    const att = (await uploadTo(projectA, 'z.pdf', PDF)).json().result;
    const zhangsan = await t.login('zhangsan');
    expect((await k.get(`/fj/xmfj/list?projectId=${projectA}`, zhangsan)).statusCode).toBe(200);
    expect((await download({ filePath: att.filePath, fileName: 'z.pdf' }, zhangsan)).statusCode).toBe(200);
    expect((await uploadTo(projectA, 'z.pdf', PDF, zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', `/fj/xmfj/delete?id=${att.id}`, undefined, zhangsan)).statusCode).toBe(403);
    const lisi = await t.login('lisi');
    expect((await k.send('DELETE', `/fj/xmfj/delete?id=${att.id}`, undefined, lisi)).statusCode).toBe(200);
  });
});
