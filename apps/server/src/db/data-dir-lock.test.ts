import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../security/server-process';
import { LOCK_FILE, diskFullMessage, isDiskFull, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the PGlite data folder lock', () => {
  it('a second server process on a data folder in use is refused with a clear Chinese message, and the folder is left alone', async () => {
    const dir = tempDir();
    // This test process holds the folder, as a running server would.
    const lock = lockDataDir(dir);
    try {
      const second = startServer({ DATA_DIR: dir, PORT: '0' }, 60_000);
      await expect(second).rejects.toThrow(`数据目录 ${dir} 已被另一个服务进程（PID ${process.pid}）使用`);
      expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      // PGlite never opened the folder: no database files were written by the refused process.
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    } finally {
      lock.release();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 90_000);

  it('a lock left by a process that is gone (killed) is taken over', () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(path.join(dir, LOCK_FILE), `${gone.stdout}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('a full disk is named as such', () => {
    expect(isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(
      true,
    );
    expect(isDiskFull(new Error('x', { cause: { code: '53100' } }))).toBe(true);
    expect(isDiskFull(new Error('other'))).toBe(false);
    expect(diskFullMessage('/data')).toBe('磁盘空间不足：无法在数据目录 /data 写入数据，请清理磁盘空间后重新启动');
  });
});
