import fs from 'node:fs';
import path from 'node:path';

/** The lock file of a PGlite data folder: one process at a time may open it. */
export const LOCK_FILE = 'lims-server.lock';

export const diskFullMessage = (dir: string) =>
  `磁盘空间不足：无法在数据目录 ${dir} 写入数据，请清理磁盘空间后重新启动`;

export function isDiskFull(err: unknown): boolean {
  for (
    let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (
      e.code === 'ENOSPC' ||
      e.code === '53100' ||
      /ENOSPC|No space left on device|could not extend file/i.test(String(e.message ?? ''))
    )
      return true;
  }
  return false;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * Takes the data folder's lock file (exclusive create, holding this process's PID). A second process
 * on the same folder is refused in Chinese; a lock whose PID is no longer running (a killed server)
 * is taken over. PGlite itself has no lock, and two processes on one folder lose writes.
 */
export function lockDataDir(dir: string): { release(): void } {
  const file = path.join(dir, LOCK_FILE);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw isDiskFull(err) ? new Error(diskFullMessage(dir), { cause: err }) : err;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeSync(fd, `${process.pid}\n`);
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (isDiskFull(err)) {
        fs.rmSync(file, { force: true });
        throw new Error(diskFullMessage(dir), { cause: err });
      }
      if (code !== 'EEXIST' || attempt > 2) throw err;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner)) {
        throw new Error(
          `数据目录 ${dir} 已被另一个服务进程（PID ${owner}）使用：内置数据库同一时间只能由一个进程打开。请先停止该进程，或为本进程设置另一个 DATA_DIR；多个进程请使用 PostgreSQL（DATABASE_URL）。`,
          { cause: err },
        );
      }
      // The owner is gone (killed, crashed): a stale lock. Take it over.
      fs.rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { release };
}
