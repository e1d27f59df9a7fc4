import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { limitText, renderCoaPdf, type CoaData } from './coa-pdf';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'coa-pdf-'));

/** The PDF's text as pdftotext reads it (-raw keeps the spaces between the Chinese and the digits). */
function textOf(pdf: Buffer, name: string): string {
  const file = path.join(tmp, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
}

function certificate(samples: number, items: number, over: Partial<CoaData> = {}): CoaData {
  const list = Array.from({ length: samples }, (_, i) => ({
    sampleNo: `YP20261127${String(i + 1).padStart(4, '0')}`,
    name: `出厂水样品 ${i + 1}`,
    typeText: '水质',
    quantity: '2 L',
    conditionText: i === 0 ? '破损' : '完好',
    receivedBy: '赵六',
    receivedAt: '2026-11-27 09:30:00',
  }));
  return {
    reportNo: 'BG202611270007',
    versionNo: 1,
    statusText: '已发布',
    draft: false,
    voided: false,
    previousNo: null,
    amendReason: null,
    issuedAt: '2026-11-27 16:00:00',
    customer: { unitName: '江南水务集团有限公司', address: '无锡市', contactName: '许文斌', contactPhone: '0510-1' },
    project: { projectNo: 'XM202611010001', name: '出厂水季度检测', testTypeText: '化学检测', managerName: '李四' },
    samples: list,
    results: list.flatMap((s, i) =>
      Array.from({ length: items }, (_, j) => ({
        sampleNo: s.sampleNo,
        itemName: j === 1 ? '化学需氧量' : `检测项目${j + 1}`,
        standard: 'HJ 828-2017',
        unit: 'mg/L',
        limit: limitText(null, '20', null),
        result: i === 0 && j === 1 ? '35.2' : '3.1',
        outOfSpec: i === 0 && j === 1,
      })),
    ),
    signatures: [
      { role: '检测', names: '孙七', at: '2026-11-27 10:15:00' },
      { role: '复核', names: '周八', at: '2026-11-27 14:00:00' },
      { role: '审批', names: '周八', at: '2026-11-27 15:00:00' },
      { role: '签发', names: '周八', at: '2026-11-27 16:00:00' },
    ],
    ...over,
  };
}

describe('renderCoaPdf', () => {
  it('prints number, customer, results with unit and 超标, signatures and page x of y as real text', async () => {
    const text = textOf(await renderCoaPdf(certificate(3, 4)), 'small');
    expect(text).toContain('报告编号：BG202611270007');
    expect(text).toContain('版本：第 1 版');
    expect(text).toContain('江南水务集团有限公司');
    expect(text).toMatch(/YP202611270001 化学需氧量 HJ 828-2017 mg\/L ≤ 20 35\.2 mg\/L 超标/);
    expect(text).toMatch(/YP202611270002 化学需氧量 .* 3\.1 mg\/L 合格/);
    expect(text).toContain('1 YP202611270001 出厂水样品 1 水质 2 L 破损 赵六 2026-11-27 09:30:00');
    expect(text).toMatch(/审批 周八 2026-11-27 15:00:00/);
    expect(text).toContain('共 12 项检测，其中 1 项超标。');
    expect(text).toMatch(/第 1 页 共 [12] 页/);
    expect(text).not.toContain('已作废');
  });

  it('breaks a large report over pages, numbering each 第 x 页 共 N 页 and repeating the table header', async () => {
    const text = textOf(await renderCoaPdf(certificate(40, 10)), 'large');
    const pages = [...text.matchAll(/第 (\d+) 页 共 (\d+) 页/g)];
    const total = Number(pages[0][2]);
    expect(total).toBeGreaterThan(5);
    expect(pages.map((m) => Number(m[1]))).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(pages.every((m) => Number(m[2]) === total)).toBe(true);
    const headers = text.match(/样品编号 检测项目 检测方法\/标准 单位 限值 结果 判定/g) ?? [];
    expect(headers.length).toBeGreaterThanOrEqual(total - 1);
    expect(text).toContain('YP202611270040');
  });

  it('marks drafts 草稿 and voided reports 已作废, and names the report an amendment replaces', async () => {
    expect(textOf(await renderCoaPdf(certificate(1, 1, { draft: true, issuedAt: null })), 'draft')).toContain('草稿');
    const voided = textOf(await renderCoaPdf(certificate(1, 1, { voided: true })), 'void');
    expect(voided).toContain('已作废');
    const amended = textOf(
      await renderCoaPdf(certificate(1, 1, { versionNo: 2, previousNo: 'BG202611260001', amendReason: '更正单位' })),
      'amended',
    );
    expect(amended).toContain('替代报告 BG202611260001');
    expect(amended).toContain('修订原因：更正单位');
    expect(amended).toContain('版本：第 2 版');
  });

  it('prints limits as ranges, bounds or the text specification', () => {
    expect(limitText('6.000000', '9.000000', null)).toBe('6 ~ 9');
    expect(limitText('5', null, null)).toBe('≥ 5');
    expect(limitText(null, '0.200000', null)).toBe('≤ 0.2');
    expect(limitText(null, null, '无色透明')).toBe('无色透明');
    expect(limitText(null, null, null)).toBe('—');
  });
});
