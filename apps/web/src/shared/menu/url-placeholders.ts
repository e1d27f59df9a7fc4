/**
 * Evaluates `{{ … }}` placeholders in a menu url WITHOUT eval: a placeholder may only be a
 * property path such as `window._CONFIG['domianURL']` or `window.location.origin`, looked up in
 * a whitelisted scope (own properties only). Anything else leaves the url unresolved.
 */
export type PlaceholderScope = { readonly [name: string]: unknown };

const PLACEHOLDER = /\{\{([^}]*)\}\}/g;
const IDENT = /^[A-Za-z_$][\w$]*/;
const DOT = /^\s*\.\s*([A-Za-z_$][\w$]*)/;
const BRACKET = /^\s*\[\s*(?:'([^'\\]*)'|"([^"\\]*)"|(\d+))\s*\]/;

/** Parses `a.b['c']["d"][0]` into ['a','b','c','d','0']; undefined when it is anything else. */
export function parsePropertyPath(expr: string): string[] | undefined {
  let rest = expr.trim();
  const head = IDENT.exec(rest);
  if (!head) return undefined;
  const keys = [head[0]];
  rest = rest.slice(head[0].length);
  while (rest.trim()) {
    const dot = DOT.exec(rest);
    const br = dot ? null : BRACKET.exec(rest);
    const m = dot ?? br;
    if (!m) return undefined;
    keys.push(dot ? dot[1] : (m[1] ?? m[2] ?? m[3]));
    rest = rest.slice(m[0].length);
  }
  return keys;
}

function lookup(scope: PlaceholderScope, keys: string[]): string | undefined {
  let cur: unknown = scope;
  for (const key of keys) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return typeof cur === 'string' || typeof cur === 'number' ? String(cur) : undefined;
}

/** Replaces every placeholder; undefined when one of them cannot be resolved. */
export function fillPlaceholders(url: string, scope: PlaceholderScope): string | undefined {
  let failed = false;
  const out = url.replace(PLACEHOLDER, (_all, expr: string) => {
    const keys = parsePropertyPath(expr);
    const value = keys ? lookup(scope, keys) : undefined;
    if (value === undefined) failed = true;
    return value ?? '';
  });
  return failed ? undefined : out;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** SPEC section 2: the evaluated url replaces the original only when it is a valid url. */
export function resolveMenuUrl(url: string | undefined, scope: PlaceholderScope): string | undefined {
  if (!url || !url.includes('{{')) return url;
  const filled = fillPlaceholders(url, scope);
  return filled !== undefined && isHttpUrl(filled) ? filled : url;
}
