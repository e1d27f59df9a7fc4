/** Command-line flags of the bench scripts: `--db=postgres --rows=1000000 --duration=15 ...`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type DbKind = 'pglite' | 'postgres';

/** `--name=value`; through npm (`npm run bench --db=postgres`) npm hands it over as npm_config_<name>. */
export function flag(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : (process.env[`npm_config_${name}`] ?? fallback);
}

export const numberFlag = (name: string, fallback: number): number => {
  const n = Number(flag(name, String(fallback)).replaceAll('_', ''));
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
  return n;
};

export function dbFlag(): DbKind {
  const db = flag('db', 'pglite');
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres');
  return db;
}

/** The PostgreSQL superuser URL the benches create their databases with. */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
