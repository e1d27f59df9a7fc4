import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Whether process `pid` is running (one we may not signal is running too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Bundles of earlier runs that ended without their teardown (killed): their process is gone. */
export function removeStaleBundles(dist: string): string[] {
  if (!existsSync(dist)) return [];
  const stale = readdirSync(dist).filter((name) => {
    const pid = /^bundle-e2e-(\d+)$/.exec(name)?.[1];
    return pid !== undefined && !running(Number(pid));
  });
  for (const name of stale) rmSync(path.join(dist, name), { recursive: true, force: true });
  return stale;
}
