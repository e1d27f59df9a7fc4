import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';

afterEach(() => {
  vi.useRealTimers();
});

describe('page chunk loading (SPEC section 8/9: 120 s)', () => {
  it('resolves with the module when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({ default: 'page' });
  });

  it('fails with a ChunkLoadError after 120 s without an answer', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => undefined));
    const settled = expect(pending).rejects.toThrow('页面资源加载超时（120 秒）');
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await settled;
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed dynamic import into a ChunkLoadError and passes other errors through', async () => {
    const failed = loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failed).rejects.toThrow('页面资源加载失败');
    const other = new Error('boom');
    await expect(loadChunk(() => Promise.reject(other))).rejects.toBe(other);
  });

  it('recognises the browsers’ chunk failure messages', () => {
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });
});
