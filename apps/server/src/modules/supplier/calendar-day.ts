/** Calendar days ('YYYY-MM-DD') in the configured time zone. */

/** One formatter per time zone: creating an Intl.DateTimeFormat costs about half a millisecond. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD' of `now` in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** `day` (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
