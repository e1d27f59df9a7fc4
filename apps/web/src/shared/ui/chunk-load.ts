/** SPEC section 9: a page's script must arrive within 120 s. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A page script that did not arrive (network failure, new deployment, timeout). */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(err: unknown): boolean {
  if (err instanceof ChunkLoadError) return true;
  return err instanceof Error && CHUNK_MESSAGES.some((m) => err.message.includes(m));
}

/** Runs a dynamic import with the chunk timeout; failures become ChunkLoadError. */
export function loadChunk<T>(factory: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`页面资源加载超时（${timeoutMs / 1000} 秒）`)), timeoutMs);
    factory().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(
          isChunkLoadError(err) || err instanceof TypeError
            ? new ChunkLoadError('页面资源加载失败', { cause: err })
            : err,
        );
      },
    );
  });
}
