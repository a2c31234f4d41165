import type { z } from 'zod';

/**
 * Messages for input a schema refuses without a message of its own: a sentence that names the
 * field and says what is allowed ("The doctor id must be a whole number."), in place of the
 * validator's wording. A message a schema sets itself (the specification's texts) always wins:
 * installed as zod's global `customError`, this is asked only when the schema has none.
 */

/** Field names whose words alone would not read well. */
const fieldWords: Record<string, string> = {
  dob: 'date of birth',
  prn: 'as-needed',
  q: 'search',
  // An admin's answer to a privilege request (grant or refuse).
  request: 'decision',
  isActive: 'active flag',
};

/** "doctorId" → "doctor id", "emergencyContactPhone" → "emergency contact phone". */
const own = (table: Record<string, string>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

function words(key: string): string {
  const known = own(fieldWords, key);
  if (known) return known;
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => own(fieldWords, word) ?? word)
    .join(' ');
}

/** "times" → "time", "entries" → "entry": the name of one item of a list. */
function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(name)) return name;
  return name.replace(/s$/, '');
}

/**
 * A readable name for a field from its path: "doctorId" → "doctor id", "schedule.times.0" →
 * "schedule time" (an item of a list takes the list's name in the singular). Null for the
 * request itself (an empty path).
 */
export function fieldName(path: readonly PropertyKey[]): string | null {
  const parts: string[] = [];
  path.forEach((segment, index) => {
    if (typeof segment !== 'string') return;
    const name = words(segment);
    if (!name) return;
    const item = typeof path[index + 1] === 'number';
    parts.push(item ? singular(name) : name);
  });
  const joined = parts.join(' ').split(' ');
  // "careTeam.careTeamIds" would read "care team care team ids": say each word once in a row.
  const deduped = joined.filter((word, i) => word !== joined[i - 1]);
  const name = deduped.join(' ').trim();
  return name || null;
}

type Issue = z.core.$ZodRawIssue;

interface SchemaDef {
  _zod?: { def?: { format?: string; checks?: SchemaDef[] } };
}

/**
 * The number's checks say it takes whole numbers only (`.int()`, `z.int()`). A check's issue
 * (`.positive()`) carries the number it belongs to as `schema`.
 */
function wholeNumber(issue: Issue): boolean {
  return [issue.inst, (issue as { schema?: unknown }).schema].some((owner) => {
    const def = (owner as SchemaDef | undefined)?._zod?.def;
    const formats = [def?.format, ...(def?.checks ?? []).map((c) => c._zod?.def?.format)];
    return formats.some((f) => f !== undefined && /int/.test(f));
  });
}

/** "The notes are", "The note is". */
function isOrAre(name: string | null): string {
  return name && /[^su]s$/.test(name) ? 'are' : 'is';
}

const plural = (count: number | bigint, one: string, many: string) =>
  `${count} ${Number(count) === 1 ? one : many}`;

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'empty';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function limit(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'bigint') {
    return Number(value).toLocaleString('en-US', {
      useGrouping: Math.abs(Number(value)) >= 10_000,
    });
  }
  return String(value);
}

/** A value shown in a message, cut short: a key sent by a client may be anything. */
function quoted(value: string): string {
  const clean = value.replace(/[\p{Cc}\p{Cf}]/gu, '');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

const kindOf: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  record: 'an object',
  map: 'an object',
  set: 'a list',
  tuple: 'a list',
  file: 'a file',
};

const formatText: Record<string, string> = {
  email: 'a valid email address',
  url: 'a web address',
  uuid: 'a valid id',
  guid: 'a valid id',
  datetime: 'a date and time such as 2026-03-01T10:00:00Z',
  date: 'a date such as 2026-03-01',
  time: 'a time such as 10:30',
  duration: 'a duration',
  ipv4: 'an IP address',
  ipv6: 'an IP address',
};

/** The message for one issue a schema raised without a message of its own. */
export function validationMessage(issue: Issue): string {
  const name = fieldName(issue.path ?? []);
  const The = name ? `The ${name}` : 'The request';
  const is = isOrAre(name);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || (!name && issue.input === null)) {
        return name ? `${The} ${is} required.` : 'The request needs a body.';
      }
      if (!name && issue.expected === 'object') return 'The request body must be a JSON object.';
      const expected =
        issue.expected === 'number' && wholeNumber(issue) ? 'int' : String(issue.expected);
      const kind = own(kindOf, expected);
      return kind ? `${The} must be ${kind}.` : `${The} ${is} not valid.`;
    }
    case 'too_big': {
      const max = issue.maximum;
      switch (issue.origin) {
        case 'string':
          return `${The} must be at most ${plural(max, 'character', 'characters')} long.`;
        case 'array':
        case 'set':
          return `${The} may have at most ${plural(max, 'item', 'items')}.`;
        case 'date':
          return issue.inclusive
            ? `${The} must be on or before ${limit(max)}.`
            : `${The} must be before ${limit(max)}.`;
        case 'file':
          return `${The} must be at most ${limit(max)} bytes.`;
        case 'number':
        case 'int':
        case 'bigint':
        default:
          return issue.inclusive
            ? `${The} must be at most ${limit(max)}.`
            : `${The} must be less than ${limit(max)}.`;
      }
    }
    case 'too_small': {
      const min = issue.minimum;
      switch (issue.origin) {
        case 'string':
          return Number(min) <= 1
            ? `${The} ${is} required.`
            : `${The} must be at least ${plural(min, 'character', 'characters')} long.`;
        case 'array':
        case 'set':
          return Number(min) <= 1
            ? `${The} needs at least one item.`
            : `${The} needs at least ${plural(min, 'item', 'items')}.`;
        case 'date':
          return issue.inclusive
            ? `${The} must be on or after ${limit(min)}.`
            : `${The} must be after ${limit(min)}.`;
        case 'file':
          return `${The} must be at least ${limit(min)} bytes.`;
        case 'number':
        case 'int':
        case 'bigint':
        default:
          if (!issue.inclusive && wholeNumber(issue) && Number.isInteger(Number(min))) {
            return `${The} must be at least ${limit(Number(min) + 1)}.`;
          }
          return issue.inclusive
            ? `${The} must be at least ${limit(min)}.`
            : `${The} must be more than ${limit(min)}.`;
      }
    }
    case 'invalid_format': {
      const format = String(issue.format);
      if (format === 'starts_with' && 'prefix' in issue) {
        return `${The} must start with ${quoted(String(issue.prefix))}.`;
      }
      if (format === 'ends_with' && 'suffix' in issue) {
        return `${The} must end with ${quoted(String(issue.suffix))}.`;
      }
      if (format === 'includes' && 'includes' in issue) {
        return `${The} must contain ${quoted(String(issue.includes))}.`;
      }
      const text = own(formatText, format);
      return text ? `${The} must be ${text}.` : `${The} ${is} not valid.`;
    }
    case 'not_multiple_of':
      return `${The} must be a multiple of ${limit(issue.divisor)}.`;
    case 'unrecognized_keys': {
      const keys = issue.keys.map(quoted);
      const where = name ? ` in the ${name}` : '';
      return keys.length === 1
        ? `The field ${keys[0]}${where} is not allowed.`
        : `The fields ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ' and others' : ''}${where} are not allowed.`;
    }
    case 'invalid_value': {
      const values = issue.values.map(shown);
      if (values.length === 1) return `${The} must be ${values[0]}.`;
      if (values.length > 12) return `${The} is not one of the allowed values.`;
      return `${The} must be one of: ${values.join(', ')}.`;
    }
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options) && options.length > 0 && options.length <= 12) {
        return `${The} must be one of: ${options.map(shown).join(', ')}.`;
      }
      return `${The} ${is} not valid.`;
    }
    case 'invalid_key':
      return `${The} ${is === 'are' ? 'have' : 'has'} a name that is not allowed.`;
    case 'invalid_element':
      return `${The} ${is === 'are' ? 'have' : 'has'} a value that is not allowed.`;
    case 'custom':
    default:
      return `${The} ${is} not valid.`;
  }
}
