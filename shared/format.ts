/**
 * One `Intl.DateTimeFormat` per locale and options, made the first time they are asked for and
 * kept: making one costs about 50 times as much as formatting with it (80 µs against 1.6 on a
 * server core, several times that on a phone), and a screen formats hundreds of times. Only
 * valid options reach it (zones are checked where they are set). A formatter made without a
 * zone keeps the device's zone of that moment: a device whose zone changes while the page is
 * open shows the new zone after a reload.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateFormatter(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Dates as the product shows them: en-US, short month, 2-digit day, year, 12-hour time. */
const dateTimeFormat = (timeZone?: string) =>
  dateFormatter('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone,
  });

/** Whether a text names an IANA time zone this runtime knows (e.g. Europe/London). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone of this device (the browser's, or the server process's). */
export const deviceTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let displayTimeZone: string | undefined;

/**
 * The zone every time on screen is shown in: the signed-in user's chosen zone, or undefined for
 * the device's own. Set once the user is known (and again when they change it).
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayTimeZone = zone && isTimeZone(zone) ? zone : undefined;
}

/** The zone times are shown in now (the chosen one, else the device's). */
export const getDisplayTimeZone = (): string => displayTimeZone ?? deviceTimeZone();

/** The same zone by another name (America/New_York vs US/Eastern) counts as the same. */
const sameZone = (a: string, b: string): boolean =>
  a === b ||
  dateFormatter('en-US', { timeZone: a }).resolvedOptions().timeZone ===
    dateFormatter('en-US', { timeZone: b }).resolvedOptions().timeZone;

/** The zone's short name at an instant: 'EST', 'EDT', 'GMT', 'GMT+1'. */
export function zoneAbbreviation(date: Date, timeZone: string): string {
  const part = dateFormatter('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * A time with the zone's short name: 'Dec 20, 2026, 05:00 AM EST'. Used where the reader could
 * not otherwise tell the zone (notification texts; a chosen zone other than the device's).
 */
export function formatDateTimeWithZone(value: string | Date, timeZone: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${dateTimeFormat(timeZone).format(date)} ${zoneAbbreviation(date, timeZone)}`;
}

/** The placeholder a stored notification text holds where its date and time go. */
export const AT_PLACEHOLDER = '{at}';
/** The placeholder for the time of day alone (an alert about a dose or visit of today). */
export const TIME_PLACEHOLDER = '{time}';

/** A time of day with the zone's short name: '08:00 AM GMT'. */
export function formatTimeWithZone(value: Date, timeZone: string): string {
  const time = dateFormatter('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(value);
  return `${time} ${zoneAbbreviation(value, timeZone)}`;
}

/**
 * A stored notification text with its time written in the reader's zone: {at} as date and
 * time, {time} as the time of day (old texts as they are).
 */
export function renderNotificationText(
  message: string,
  at: Date | null | undefined,
  timeZone: string,
): string {
  if (!at) return message;
  return message
    .split(AT_PLACEHOLDER)
    .join(formatDateTimeWithZone(at, timeZone))
    .split(TIME_PLACEHOLDER)
    .join(formatTimeWithZone(at, timeZone));
}

/**
 * 'Dec 01, 2024, 10:00 AM' in the display zone (or the one given). When the display zone is a
 * chosen one that differs from the device's, the zone's short name follows ('… 05:00 AM EST'),
 * so a time is never read in the wrong zone.
 */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone === undefined && displayTimeZone !== undefined) {
    return sameZone(displayTimeZone, deviceTimeZone())
      ? dateTimeFormat(displayTimeZone).format(date)
      : formatDateTimeWithZone(date, displayTimeZone);
  }
  return dateTimeFormat(timeZone).format(date);
}

/** 'Dec 01, 2024' for calendar dates (date of birth, prescription date), never shifted by zone. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormatter('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(date: Date, timeZone: string) {
  const parts = dateFormatter('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** The value for a datetime-local input (display zone, minutes) from an ISO instant. */
export function toDateTimeLocal(value: string | Date, timeZone = getDisplayTimeZone()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const w = wallClock(date, timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * An ISO instant from a datetime-local input value, read in the display zone. A wall time the
 * clocks skip (spring forward) reads as the instant after the gap; one they repeat (fall back)
 * as the earlier of the two.
 */
export function fromDateTimeLocal(value: string, timeZone = getDisplayTimeZone()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return '';
  const [y, mo, d, h, mi, se] = match.slice(1).map((n) => Number(n ?? 0));
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, se ?? 0);
  if (Number.isNaN(asUtc)) return '';
  const offsetAt = (instant: number) => {
    const w = wallClock(new Date(instant), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant;
  };
  // Two passes settle the offset on either side of a change; the earlier fitting instant wins.
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  const candidates = [first, second, asUtc - offsetAt(asUtc - 3 * 3_600_000)].filter(
    (t) => t + offsetAt(t) === asUtc,
  );
  const instant = candidates.length > 0 ? Math.min(...candidates) : second;
  return new Date(instant).toISOString();
}

/**
 * A Date whose local fields (getFullYear … getMinutes) are the display zone's wall clock at the
 * instant: for calendars that group by local day, so their days agree with the times shown.
 */
export function displayZoneDate(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime()) || displayTimeZone === undefined) return date;
  const w = wallClock(date, displayTimeZone);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}
