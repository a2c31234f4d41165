import { z } from 'zod';
import { errorBodySchema } from './common.ts';

/** The largest file the import reads (bytes): larger answers 413 and changes nothing. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most patients one file may bring in (a 10 MB CSV holds about this many). */
export const IMPORT_MAX_PATIENTS = 50_000;

/**
 * The CSV columns, in the template's order: the patient fields of the seed. A header may also
 * use the words of the patients table on screen ("First Name", "Date of Birth"...): headers are
 * compared without case, spaces or punctuation.
 */
export const importCsvColumns = [
  'firstName',
  'lastName',
  'dob',
  'gender',
  'address',
  'phoneNumber',
  'emergencyContact',
  'emergencyContactPhone',
] as const;
export type ImportCsvColumn = (typeof importCsvColumns)[number];

/** Other spellings of a column's header (after lower-casing and removing non-letters). */
export const importCsvAliases: Record<string, ImportCsvColumn> = {
  dateofbirth: 'dob',
  birthdate: 'dob',
  phone: 'phoneNumber',
  emergencycontactname: 'emergencyContact',
};

/** The template file the screen offers: the header and one example row. */
export const importCsvTemplate =
  importCsvColumns.join(',') +
  '\r\n' +
  'Ada,Lovelace,1940-12-10,Female,"12 Elm Street, Springfield",555-0100,Byron Lovelace,555-0101\r\n';

/** `?dryRun=true` checks the file and changes nothing. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun must be true or false.' })
    .default('false')
    .transform((v) => v === 'true')
    .describe('true: check the file and change nothing'),
});

/** One problem of the file: where (row or entry, column or FHIR path) and what. */
export const importProblemSchema = z.object({
  /** CSV: the row as a spreadsheet numbers it (the header is row 1). FHIR: the entry's index. */
  row: z.number(),
  /** CSV: the column's header. FHIR: the path, e.g. Bundle.entry[2].resource.birthDate. */
  field: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importRowStatuses = ['new', 'duplicate', 'problem'] as const;

/** One patient of the file and what the import does with it. */
export const importRowSchema = z.object({
  row: z.number(),
  name: z.string(),
  dob: z.string(),
  status: z.enum(importRowStatuses),
  allergies: z.number(),
  conditions: z.number(),
  /** For a duplicate: 'agency', or the earlier row of the file it repeats. */
  duplicateOf: z.union([z.literal('agency'), z.number()]).nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** What a check (dry run) or an import answers. */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** True once the patients are saved (never on a dry run). */
  imported: z.boolean(),
  format: z.enum(['csv', 'fhir']),
  /** What would be (dry run) or was created: new patients only, with their records. */
  patients: z.number(),
  allergies: z.number(),
  conditions: z.number(),
  duplicates: z.number(),
  rows: z.array(importRowSchema),
  problems: z.array(importProblemSchema),
  /** FHIR resources of kinds the import leaves out (Observation, Encounter...): not problems. */
  skipped: z.array(importProblemSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The 400 of a real run refused for the file's problems carries the same check. */
export const importRefusalSchema = errorBodySchema.extend({
  result: importResultSchema.optional(),
});
