import { HoverTooltip } from './hover-tooltip';

/** SPEC section 9: text is cut after 25 characters; description cells after 10. */
export const ELLIPSIS_LENGTH = 25;
export const DESCRIPTION_ELLIPSIS_LENGTH = 10;

/** `text` cut to `length` characters (code points, so emoji and CJK count as one) plus '…'. */
export function truncateText(text: string, length: number): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, Math.max(0, length)).join('')}…` : text;
}

export type EllipsisProps = {
  value?: string | number | null;
  /** Characters shown before '…' (default 25). */
  length?: number;
};

/** Text truncated with '…'; the full text shows in a tooltip when something was cut. */
export function Ellipsis({ value, length = ELLIPSIS_LENGTH }: EllipsisProps) {
  const text = value === null || value === undefined ? '' : String(value);
  const shown = truncateText(text, length);
  if (shown === text) return <span>{text}</span>;
  return <HoverTooltip title={text} text={shown} />;
}
