import { afterAll, describe, expect, it } from 'vitest';
import { ANNT_MSG } from '@lims/contracts';
import { sanitizeRichText } from './html-sanitizer';
import { createRichTextSanitizer } from './rich-text-sanitizer';

const PREFIX = '/api/sys/common/static/';
const sanitizer = createRichTextSanitizer({ inlineMaxChars: 1_000, budgetMs: 2_000 });
afterAll(() => sanitizer.close());

describe('the rich-text sanitiser thread', () => {
  it('gives what the inline sanitiser gives, for small texts and for large ones sent to the thread', async () => {
    const small = '<p onclick="x()">短<script>1</script></p>';
    const large = '<p>长<img src="https://evil/x.png"><a href="javascript:x">链</a></p>'.repeat(2_000);
    expect(await sanitizer.sanitize(small, PREFIX)).toBe(sanitizeRichText(small, PREFIX));
    expect(await sanitizer.sanitize(large, PREFIX)).toBe(sanitizeRichText(large, PREFIX));
  });

  it('stops a text that takes longer than the budget, keeps the event loop free meanwhile, and serves the next one', async () => {
    // htmlparser2 looks through every open tag for each closing tag it cannot match: quadratic.
    const pathological = '<b>'.repeat(200_000) + '</i>'.repeat(200_000);
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const refused = await sanitizer.sanitize(pathological, PREFIX).catch((err: unknown) => err);
    clearInterval(ticker);
    expect(refused).toMatchObject({ status: 400, message: ANNT_MSG.contentTooComplex });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(10_000);
    // The timer kept firing while the thread worked: at least a third of the expected ticks.
    expect(ticks).toBeGreaterThan(elapsed / 50 / 3);
    const next = '<p>下一个</p>'.repeat(500);
    expect(await sanitizer.sanitize(next, PREFIX)).toBe(next);
    expect(sanitizer.pending()).toBe(0);
  });
});
