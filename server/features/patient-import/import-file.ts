import { importTexts } from '../../../shared/messages.ts';
import type { ImportProblem } from '../../../shared/schemas/patient-import.ts';
import { badRequest } from '../../lib/http-error.ts';

/**
 * What a parser makes of a file, before any rule of ours is applied: each patient with its
 * raw values, the allergies and conditions that belong to it, and where each value came from
 * (a CSV column or a FHIR path), so every problem names its row and column or entry and path.
 */
export interface RawRecord {
  /** The CSV line or the FHIR entry index. */
  row: number;
  values: Record<string, unknown>;
  /** The column or FHIR path of one of `values`' fields. */
  where: (field: string) => string;
}

export interface RawPatient extends RawRecord {
  allergies: RawRecord[];
  conditions: RawRecord[];
  /** A FHIR "no known allergies" statement came with the patient. */
  noKnownAllergies: boolean;
}

export interface ParsedFile {
  format: 'csv' | 'fhir';
  patients: RawPatient[];
  problems: ImportProblem[];
  skipped: ImportProblem[];
}

/** A file-wide refusal: 400 with one message, nothing read further. */
export const refuseFile = (message: string) => badRequest(undefined, message);

/**
 * The uploaded bytes as text: UTF-8 (a byte order mark is dropped), refused when empty or not
 * UTF-8. Line ends are left to the parsers (CRLF and LF both read).
 */
export function fileText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuseFile(importTexts.notUtf8);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw refuseFile(importTexts.fileEmpty);
  return text;
}

/** A JSON document (a FHIR Bundle) starts with { or [; anything else is read as CSV. */
export const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number written internationally (+44 20 7946 0000) is not a formula. */
const PHONE = /^\+[\d\s().-]+$/;

/**
 * A text a spreadsheet would run as a formula (OWASP's list: = + - @, tab, carriage return).
 * Such cells are refused with a message rather than stored, so no formula ever enters the
 * agency's records; phone numbers starting with + are allowed.
 */
export function isFormula(value: unknown, field: string): boolean {
  if (typeof value !== 'string') return false;
  // Leading spaces are trimmed before a value is stored: what would be stored is checked.
  const stored = FORMULA_START.test(value) ? value : value.trimStart();
  if (!FORMULA_START.test(stored)) return false;
  return !(/phone/i.test(field) && PHONE.test(stored.trim()));
}
