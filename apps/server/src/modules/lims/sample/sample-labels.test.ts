import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../../test/build-test-app';
import { sampleKit } from './sample.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let zhaoliu: string;
let k: ReturnType<typeof sampleKit>;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, zhaoliu] = await Promise.all([t.login('admin'), t.login('zhaoliu')]);
  k = sampleKit(
    t,
    () => admin,
    () => zhaoliu,
  );
});
afterAll(async () => {
  await t?.close();
});

const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-labels-'));
const pdfText = (pdf: Buffer, name: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const pageSize = (pdf: Buffer, name: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
};

describe(`GET /lims/sample/labels (${TEST_DB})`, () => {
  it('one label per sample, in the order asked, with the number and the Chinese project and sample names as text', async () => {
    const projectId = await k.project('太湖水质标签项目');
    const { ids, sampleNos } = await k.register(projectId, ['湖心水样', '入湖口水样']);
    await k.receive([ids[1]]);
    const res = await k.get(`/lims/sample/labels?ids=${ids[1]},${ids[0]}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf, 'labels.pdf');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(sampleNos[1]);
    expect(pages[0]).toContain('太湖水质标签项目');
    expect(pages[0]).toContain('入湖口水样');
    expect(pages[0]).toMatch(/接收：\d{4}-\d{2}-\d{2}/);
    expect(pages[1]).toContain(sampleNos[0]);
    expect(pages[1]).toContain('未接收');
    expect(pageSize(pdf, 'labels.pdf')).toMatch(/Page size:\s+170\.0\d* x 113\.3\d* pts/);
  });

  it('uses the label size of 实验室设置, and refuses an empty or unknown selection', async () => {
    const set = await k.send(
      'PUT',
      '/lims/settings',
      { labelWidthMm: 100, labelHeightMm: 50, verifiersRequired: 1 },
      admin,
    );
    expect(set.statusCode).toBe(200);
    const projectId = await k.project('尺寸项目');
    const { ids } = await k.register(projectId, ['样']);
    const res = await k.get(`/lims/sample/labels?ids=${ids[0]}`);
    expect(pageSize(res.rawPayload, 'size.pdf')).toMatch(/Page size:\s+283\.46\d* x 141\.73\d* pts/);
    expect((await k.get('/lims/sample/labels?ids=')).statusCode).toBe(400);
    expect((await k.get('/lims/sample/labels?ids=nope')).statusCode).toBe(404);
  });
});
