import { sanitizeRichText } from './src/platform/html-sanitizer';
const P = '/api/sys/common/static/';
const shapes: Record<string, (n: number) => string> = {
  foreignImg: (n) => '<p>t</p><img src=x>'.repeat(n),
  plain: (n) => '<p>t</p>'.repeat(n),
  deep: (n) => '<div>a'.repeat(n) + '</div>'.repeat(n),
  mismatch: (n) => '<b>'.repeat(n) + '</i>'.repeat(n),
  unclosed: (n) => '<span>x'.repeat(n),
  styles: (n) => '<p style="color:#fff;text-align:center">x</p>'.repeat(n),
  links: (n) => '<a href="javascript:x">y</a>'.repeat(n),
  tables: (n) => '<table><tr><td>x'.repeat(n),
  lists: (n) => '<ul><li>x'.repeat(n),
  ptext: (n) => '<p>' + 'x'.repeat(n * 10),
};
for (const [name, f] of Object.entries(shapes)) {
  const out = [];
  for (const bytes of [500_000, 1_000_000, 2_000_000]) {
    let n = 1;
    while (f(n * 2).length <= bytes) n *= 2;
    n = Math.floor((n * bytes) / f(n).length);
    const s = f(n);
    const t = performance.now();
    sanitizeRichText(s, P);
    out.push(`${(s.length / 1e6).toFixed(2)}MB ${Math.round(performance.now() - t)}ms`);
  }
  console.log(name, out.join('  '));
}
