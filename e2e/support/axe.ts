import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';

/** axe-core in the page: WCAG checks of what the page shows now (hidden elements are not checked). */

export type Violation = {
  /** Where the test was (page and state, e.g. `用户管理 · 新增`). */
  where: string;
  rule: string;
  impact: string;
  help: string;
  /** CSS selector of one offending element. */
  target: string;
  /** Its markup, shortened. */
  html: string;
};

/**
 * A known violation inside antd's own markup that no antd prop fixes. Each entry names the rule, the
 * element (a CSS selector its target must match) and why it cannot be fixed in our code.
 */
export type Exclusion = { rule: string; selector: string; reason: string };

/** Impacts that fail the test. */
export const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe on the page (or inside `scope`, e.g. an open modal) and returns every violation with its
 * impact; `exclusions` are left out. axe (`axe.source`) is put into the page once per document.
 */
export async function runAxe(
  page: Page,
  where: string,
  opts: { scope?: Locator; exclusions?: Exclusion[] } = {},
): Promise<Violation[]> {
  // Evaluated through the devtools protocol: the app's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const scope = opts.scope ? await opts.scope.elementHandle() : null;
  const found = await page.evaluate(async (context) => {
    const run = (window as unknown as { axe: typeof axe }).axe;
    const result = await run.run(context ?? document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    // For color-contrast: the colours and ratio axe measured.
    // For color-contrast: the colours and ratio axe measured; otherwise the elements the check points at.
    type Check = { data?: unknown; relatedNodes?: Array<{ html: string }> };
    const contrastOf = (n: { any: Check[]; all: Check[]; none: Check[] }) => {
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      if (data?.contrastRatio) return ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]`;
      const related = [...n.any, ...n.all, ...n.none].flatMap((c) => c.relatedNodes ?? []).slice(0, 2);
      return related.map((r) => ` [related: ${r.html.slice(0, 120)}]`).join('');
    };
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: n.impact ?? v.impact ?? 'unknown',
        help: v.help,
        target: n.target.map(String).join(' '),
        html: n.html.slice(0, 160) + contrastOf(n),
      })),
    );
  }, scope);
  await scope?.dispose();
  const exclusions = opts.exclusions ?? [];
  const kept: Violation[] = [];
  for (const v of found) {
    const matches = await Promise.all(
      exclusions
        .filter((e) => e.rule === v.rule)
        .map((e) =>
          page.evaluate(
            ({ target, selector }) => {
              const el = document.querySelector(target);
              return el !== null && el.closest(selector) !== null;
            },
            { target: v.target, selector: e.selector },
          ),
        ),
    );
    if (!matches.some(Boolean)) kept.push({ where, ...v });
  }
  return kept;
}

/** One line per violation: `page · rule (impact) target — help`. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => `${v.where} · ${v.rule} (${v.impact}) ${v.target} — ${v.help}\n    ${v.html}`)
    .join('\n');
}

/** Counts by rule, for the report (`rule: n`). */
export function countByRule(violations: Violation[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of violations) counts[`${v.rule} (${v.impact})`] = (counts[`${v.rule} (${v.impact})`] ?? 0) + 1;
  return counts;
}
