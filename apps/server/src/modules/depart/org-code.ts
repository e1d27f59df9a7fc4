/**
 * Org codes ("邮编" codes): a department's code is its parent's code plus one segment of a capital
 * letter and two digits. Siblings count A01 … A99, B01 … Z99; the first child of P is P + A01.
 * Unlike the ancestor (Z99 → Z99A01, which collided with Z99's first child) the 2 574th sibling is
 * refused.
 */
export const SEGMENT_LENGTH = 3;
const SEGMENT_RE = /^[A-Z]\d{2}$/;

/** The segment after `segment` (undefined → A01); null after Z99. */
export function nextSegment(segment: string | undefined): string | null {
  if (segment === undefined) return 'A01';
  if (!SEGMENT_RE.test(segment)) throw new Error(`bad org code segment ${segment}`);
  const letter = segment.charCodeAt(0);
  const n = Number(segment.slice(1));
  if (n < 99) return `${segment[0]}${String(n + 1).padStart(2, '0')}`;
  if (segment[0] === 'Z') return null;
  return `${String.fromCharCode(letter + 1)}01`;
}

/**
 * The next free code below `parentCode` ('' for the top level) given the codes already there:
 * highest well-formed sibling segment + 1, or parent + A01 for the first child. Null when exhausted.
 */
export function nextOrgCode(parentCode: string, existingCodes: readonly string[]): string | null {
  const segments = existingCodes
    .filter((c) => c.length === parentCode.length + SEGMENT_LENGTH && c.startsWith(parentCode))
    .map((c) => c.slice(parentCode.length))
    .filter((s) => SEGMENT_RE.test(s))
    .sort();
  const next = nextSegment(segments.at(-1));
  return next === null ? null : parentCode + next;
}
