/**
 * CPU time spent by processes (Linux /proc), so that a run on a busy machine still tells how much
 * work one request costs: the server process, and the PostgreSQL backends serving one database.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process in ms (0 when it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** PIDs of the PostgreSQL backends connected to a database (titled `postgres: [cluster: ]user db host(port) …`). */
export function pgBackendPids(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres: ') && cmd.split(/[\s\0]+/).includes(database)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Starts counting; `stop()` gives the CPU ms used meanwhile by the server and by the database backends. */
export function cpuMeter(serverPid: number, database: string | undefined) {
  const backends = () => (database ? pgBackendPids(database) : []);
  const start = new Map<number, number>();
  for (const pid of [serverPid, ...backends()]) start.set(pid, processCpuMs(pid));
  return {
    stop(): { serverMs: number; dbMs: number } {
      const serverMs = processCpuMs(serverPid) - (start.get(serverPid) ?? 0);
      let dbMs = 0;
      for (const pid of backends()) dbMs += processCpuMs(pid) - (start.get(pid) ?? 0);
      return { serverMs, dbMs };
    },
  };
}
