/** Load generators: autocannon against the server, and the same shapes run in-process for the ratio. */
import autocannon from 'autocannon';

export type LoadResult = { rps: number; p50: number; p99: number; errors: number };

/** autocannon: `connections` keep-alive connections for `seconds`; non-2xx answers count as errors. */
export async function httpLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/**
 * Runs `task` from `concurrency` loops for `seconds` (one task per loop at a time, like one
 * connection of autocannon) and reports requests per second and latency percentiles.
 */
export async function directLoad(
  task: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await task();
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

/** A fixed-width text table. */
export function printTable(header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) =>
    r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
