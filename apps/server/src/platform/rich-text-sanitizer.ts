// Not `createRequire` by its name: the server bundle's banner declares that name (scripts/start.mjs).
import { createRequire as requireFrom } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ANNT_MSG } from '@lims/contracts';
import { sanitizeRichText } from './html-sanitizer';
import { AppError } from './reply';

export type RichTextSanitizer = {
  /** The stored form of rich text (see sanitizeRichText); refused with 400 when it takes longer than the budget. */
  sanitize(html: string, imagePrefix: string): Promise<string>;
  /** Jobs waiting for or running on the sanitiser's thread. */
  pending(): number;
  close(): Promise<void>;
};

export type RichTextOptions = {
  /** Texts up to this length are sanitised at once on the calling thread (a few milliseconds at most). */
  inlineMaxChars?: number;
  /** A job still running after this long is stopped (its thread is replaced) and refused. */
  budgetMs?: number;
};

type Job = {
  id: number;
  html: string;
  imagePrefix: string;
  resolve: (html: string) => void;
  reject: (err: unknown) => void;
};

/**
 * The worker's thread: the file the server bundle was built with beside it (`npm start` bundles both,
 * see scripts/start.mjs), or the TypeScript source through tsx's loader (tests, `npm run dev`): Node 20
 * does not pass `--import tsx` on to worker threads, so the thread registers tsx itself first.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./rich-text.worker.mjs', import.meta.url));
  const tsxApi = pathToFileURL(
    requireFrom(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = new URL('./rich-text.worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

/**
 * Sanitises rich text off the event loop: large texts go, one at a time, to a worker thread, so a
 * big announcement never holds up other requests; a pathological one is stopped after the budget.
 */
export function createRichTextSanitizer(opts: RichTextOptions = {}): RichTextSanitizer {
  const inlineMaxChars = opts.inlineMaxChars ?? 16_384;
  const budgetMs = opts.budgetMs ?? 10_000;
  const queue: Job[] = [];
  let worker: Worker | undefined;
  let running: Job | undefined;
  let timer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  const finish = (job: Job) => {
    clearTimeout(timer);
    running = undefined;
    if (!closed) next();
    return job;
  };

  const dropWorker = () => {
    const w = worker;
    worker = undefined;
    void w?.terminate();
  };

  const spawn = (): Worker => {
    const w = startWorker();
    w.unref();
    w.on('message', (msg: { id: number; html?: string; error?: string }) => {
      if (!running || running.id !== msg.id) return;
      const job = finish(running);
      if (msg.error !== undefined) job.reject(new Error(msg.error));
      else job.resolve(msg.html ?? '');
    });
    // A thread that failed or ended by itself takes its job with it; the next job starts a new one.
    // (One replaced after the budget was dropped before: its end concerns nobody.)
    const lost = (err: unknown) => {
      if (worker !== w) return;
      worker = undefined;
      if (running) finish(running).reject(err);
    };
    w.on('error', lost);
    w.on('exit', () => lost(new Error('rich-text worker exited')));
    return w;
  };

  const next = () => {
    if (running || queue.length === 0) return;
    const job = queue.shift()!;
    running = job;
    worker ??= spawn();
    timer = setTimeout(() => {
      if (running !== job) return;
      dropWorker();
      finish(job).reject(new AppError(400, ANNT_MSG.contentTooComplex));
    }, budgetMs);
    worker.postMessage({ id: job.id, html: job.html, imagePrefix: job.imagePrefix });
  };

  return {
    async sanitize(html, imagePrefix) {
      if (html.length <= inlineMaxChars) return sanitizeRichText(html, imagePrefix);
      if (closed) throw new Error('rich-text sanitiser closed');
      return new Promise<string>((resolve, reject) => {
        queue.push({ id: nextId++, html, imagePrefix, resolve, reject });
        next();
      });
    },
    pending: () => queue.length + (running ? 1 : 0),
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const job of [...(running ? [running] : []), ...queue.splice(0)])
        job.reject(new Error('rich-text sanitiser closed'));
      running = undefined;
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}
