import { parentPort } from 'node:worker_threads';
import { sanitizeRichText } from './html-sanitizer';

/** The sanitiser's thread: one job at a time, answered by id (see rich-text-sanitizer.ts). */
parentPort?.on('message', (job: { id: number; html: string; imagePrefix: string }) => {
  try {
    parentPort?.postMessage({ id: job.id, html: sanitizeRichText(job.html, job.imagePrefix) });
  } catch (err) {
    parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
