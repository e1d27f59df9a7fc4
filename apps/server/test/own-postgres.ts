import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl on a free port in a temp folder), so a test
 * can stop, restart or freeze its database without touching the machine's server on 5432.
 */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasInitdb = existsSync(path.join(PG_BIN, 'initdb'));

export type OwnPostgres = {
  port: number;
  /** Connection string of a database (created by `createDatabase`). */
  url(database?: string): string;
  createDatabase(name: string): void;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** SIGSTOP / SIGCONT every process of the cluster: a database that hangs instead of refusing. */
  freeze(): void;
  thaw(): void;
  /** Stops the cluster (if running) and removes its folder. */
  destroy(): void;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-own-pg-'));
  const data = path.join(dir, 'data');
  // initdb refuses to run as root: then the cluster belongs to the postgres account.
  const asUser =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
        }
      : undefined;
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const run = (bin: string, args: string[]) => {
    const r = spawnSync(path.join(PG_BIN, bin), args, { ...asUser, cwd: dir, encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr || r.stdout || r.error?.message}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const postmasterPid = () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  /** The postmaster and its children (backends, checkpointer, ...), from /proc. */
  const clusterPids = (): number[] => {
    const root = postmasterPid();
    const pids = [root];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === root) pids.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
    return pids;
  };
  let running = false;
  const pg: OwnPostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    freeze() {
      for (const pid of clusterPids()) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of clusterPids()) process.kill(pid, 'SIGCONT');
    },
    destroy() {
      if (running) {
        try {
          pg.thaw();
        } catch {
          // not running any more
        }
        try {
          pg.stop('immediate');
        } catch {
          // already stopped
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
