/**
 * Times and calendar days as the API answers them: 'YYYY-MM-DD HH:mm:ss' and 'YYYY-MM-DD', in the
 * configured time zone (the database session's zone for stored timestamps).
 */

/** 'YYYY-MM-DD HH:mm:ss' of a timestamp as the driver gives it (a string in the session time zone); null when empty. */
export function toDateTime(value: unknown): string | null {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  return text === '' ? null : text.slice(0, 19).replace('T', ' ');
}

/** One formatter per time zone and kind: creating an Intl.DateTimeFormat costs about half a millisecond. */
const formats = new Map<string, Intl.DateTimeFormat>();
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = {
  ...DAY,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
};

function formatIn(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${withTime ? 't' : 'd'}:${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    // sv-SE writes 'YYYY-MM-DD HH:mm:ss'.
    format = new Intl.DateTimeFormat('sv-SE', { timeZone, ...(withTime ? TIME : DAY) });
    formats.set(key, format);
  }
  return format;
}

/** 'YYYY-MM-DD' of `now` in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatIn(timeZone, false).format(now);
}

/** 'YYYY-MM-DD HH:mm:ss' of `now` in a time zone. */
export function dateTimeIn(timeZone: string, now: Date = new Date()): string {
  return formatIn(timeZone, true).format(now);
}

/** `day` (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
