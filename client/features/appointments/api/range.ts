// What the API reads: four-digit years, year 1 to 9999.
const firstInstant = (() => {
  const date = new Date(0);
  date.setUTCFullYear(1, 0, 1);
  return date.getTime();
})();
const lastInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A [from, to) span as the API's ISO query values, clamped to the years it stores; null when
 * nothing of the span is within them (the calendar reaches year 275760).
 */
export function toApiRange(from: Date, to: Date): { from: string; to: string } | null {
  const start = Math.max(from.getTime(), firstInstant);
  const end = Math.min(to.getTime(), lastInstant);
  if (!(start < end)) return null;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}
