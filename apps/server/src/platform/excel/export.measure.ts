/**
 * Measures a streamed export: 100 000 suppliers × 10 columns through the real route over HTTP
 * (client reading as fast as it can, then throttled to 1 MB/s), time and peak RSS of the process.
 *   cd apps/server && node --expose-gc --import tsx src/platform/excel/export.measure.ts [rows] [--pg] [--batch=N]
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERM } from '@lims/contracts';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { DEMO_PASSWORD } from '../../db/seed';
import { suppliers } from '../../db/schema';
import { defineListEntity } from '../list-query';
import { registerExcelRoutes, type ExcelColumn } from './index';
import { dbDictLoader, supplierRowSchema } from './excel.fixture';

const rows = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100_000);
const kind = process.argv.includes('--pg') ? 'postgres' : 'pglite';
const batch = Number(process.argv.find((a) => a.startsWith('--batch='))?.slice(8) ?? 0) || undefined;

const entity = defineListEntity({
  table: suppliers,
  fields: {
    code: suppliers.code,
    name: suppliers.name,
    creditCode: suppliers.creditCode,
    supplierType: suppliers.supplierType,
    contact: suppliers.contact,
    phone: suppliers.phone,
    email: suppliers.email,
    address: suppliers.address,
    qualificationExpiry: suppliers.qualificationExpiry,
    status: suppliers.status,
  },
  dict: { supplierType: 'supplier_type', status: 'supplier_status' },
});
const columns: ExcelColumn[] = [
  { field: 'code', title: '供应商编码', type: 'string' },
  { field: 'name', title: '供应商名称', type: 'string' },
  { field: 'creditCode', title: '统一社会信用代码', type: 'string' },
  { field: 'supplierType', title: '供应商类型', type: 'string', dict: 'supplier_type' },
  { field: 'contact', title: '联系人', type: 'string' },
  { field: 'phone', title: '联系电话', type: 'string' },
  { field: 'email', title: '邮箱', type: 'string' },
  { field: 'address', title: '地址', type: 'string' },
  { field: 'qualificationExpiry', title: '资质有效期', type: 'date' },
  { field: 'status', title: '状态', type: 'string', dict: 'supplier_status' },
];
const mod: FastifyPluginAsyncZod = async (app) =>
  registerExcelRoutes(app, {
    base: '/bench/supplier',
    entity,
    columns,
    fileName: '供应商信息',
    rowSchema: supplierRowSchema,
    loadDict: dbDictLoader(app.db),
    permissions: { export: PERM.supplier.export, import: PERM.supplier.import },
    insertRows: async () => undefined,
    exportBatchSize: batch,
  });

function download(url: string, bytesPerSecond?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
        let size = 0;
        const started = performance.now();
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (!bytesPerSecond) return;
          const due = (size / bytesPerSecond) * 1000 - (performance.now() - started);
          if (due > 0) {
            res.pause();
            setTimeout(() => res.resume(), due);
          }
        });
        res.on('end', () => resolve(size));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const database = await openTestDatabase({ kind, seeded: true });
  await database.db
    .execute(sql`insert into suppliers (id, code, name, credit_code, supplier_type, contact, phone, email, address, qualification_expiry, status, create_time)
    select md5(g::text), 'B' || lpad(g::text, 7, '0'), '供应商' || g || '号有限公司', '91110108MA5H07RC02', (g % 4 + 1)::text,
      '联系人' || (g % 97), '138' || lpad(g::text, 8, '0'), 's' || g || '@lims.local', '北京市海淀区测试路' || g || '号',
      date '2026-01-01' + (g % 365), (g % 3 + 1)::text, timestamptz '2026-01-01' + g * interval '1 second'
    from generate_series(1, ${rows}::int) g`);
  await database.db.execute(sql`analyze suppliers`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp(config, database, { logger: false, extraModules: [mod] });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username: 'admin', password: DEMO_PASSWORD },
  });
  const token = login.json<{ result: { token: string } }>().result.token;
  const url = `${address}/api/bench/supplier/exportXls?token=${token}&code=B*`;
  for (const [label, rate] of [
    ['fast client', undefined],
    ['client at 1 MB/s', 1024 * 1024],
  ] as const) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const size = await download(url, rate);
    clearInterval(timer);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `${kind} batch ${batch ?? 'default'}, ${label}: ${rows} rows × 10 columns, ${mb(size)} xlsx in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        `RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)})`,
    );
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
