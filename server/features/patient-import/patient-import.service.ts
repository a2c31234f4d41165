import { and, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { importTexts } from '../../../shared/messages.ts';
import { allergyInputSchema } from '../../../shared/schemas/allergies.ts';
import { conditionInputSchema } from '../../../shared/schemas/conditions.ts';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_PATIENTS,
  type ImportProblem,
  type ImportResult,
  type ImportRow,
} from '../../../shared/schemas/patient-import.ts';
import { latestDobAt, makePatientInputSchema } from '../../../shared/schemas/patients.ts';
import type { AuditEvent } from '../../audit/audit.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { allergies, careTeamMembers, conditions, patients } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parsePatientsCsv } from './import-csv.ts';
import {
  fileText,
  isFormula,
  looksLikeJson,
  refuseFile,
  type RawPatient,
  type RawRecord,
} from './import-file.ts';
import { parsePatientsBundle } from './import-fhir.ts';

/**
 * Importing patients from a CSV or a FHIR Bundle. Every patient is checked with the rules of
 * adding one by hand (the same schema and messages), every allergy and condition with those of
 * their own forms; duplicates (same first and last name without regard to case, and date of
 * birth) of a live patient of the agency or of an earlier patient of the file are reported and
 * left out. A dry run answers the check and changes nothing. The real run refuses the whole
 * file (400 with the same check) if anything has a problem, and otherwise writes every new
 * patient, allergy and condition in ONE transaction with their 'create' audit rows and one
 * 'import' row whose entity id holds the counts: all or nothing.
 *
 * Care teams: as by hand, an importer who is a doctor joins each new patient's care team; an
 * administrator who is not a doctor joins none (supervisors assign care teams afterwards).
 */

const allergyRecordSchema = allergyInputSchema.omit({ patientId: true });
const conditionRecordSchema = conditionInputSchema.omit({ patientId: true });
type PatientValues = z.infer<ReturnType<typeof makePatientInputSchema>>;
type AllergyValues = z.infer<typeof allergyRecordSchema>;
type ConditionValues = z.infer<typeof conditionRecordSchema>;

interface CheckedPatient {
  raw: RawPatient;
  patient: PatientValues | null;
  allergies: AllergyValues[];
  conditions: ConditionValues[];
  problems: number;
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 1000;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Applies a schema to a record's raw values, reporting each issue at its column or path. */
function check<S extends z.ZodType>(
  schema: S,
  raw: RawRecord,
  problems: ImportProblem[],
): z.infer<S> | null {
  let clean = true;
  for (const [field, value] of Object.entries(raw.values)) {
    if (isFormula(value, field)) {
      problems.push({ row: raw.row, field: raw.where(field), message: importTexts.formula });
      clean = false;
    }
  }
  const parsed = schema.safeParse(raw.values);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      problems.push({ row: raw.row, field: raw.where(field), message: issue.message });
    }
    return null;
  }
  return clean ? (parsed.data as z.infer<S>) : null;
}

const duplicateKey = (p: { firstName: string; lastName: string; dob: string }) =>
  `${p.firstName.trim().toLowerCase()}\u0000${p.lastName.trim().toLowerCase()}\u0000${p.dob}`;

/** The keys of the live patients of the agency born on any of these days. */
async function existingKeys(db: Executor, dobs: string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const part of chunks([...new Set(dobs)])) {
    const rows = await db
      .select({ firstName: patients.firstName, lastName: patients.lastName, dob: patients.dob })
      .from(patients)
      .where(and(inArray(patients.dob, part), isNull(patients.deletedAt)));
    for (const row of rows) keys.add(duplicateKey(row));
  }
  return keys;
}

interface Plan {
  result: ImportResult;
  toCreate: CheckedPatient[];
}

/** Reads and checks a file; nothing is written. */
async function plan(ctx: RequestContext, bytes: Uint8Array, dryRun: boolean): Promise<Plan> {
  if (bytes.byteLength >= IMPORT_MAX_BYTES) throw new HttpError(413, importTexts.fileTooLarge);
  const text = fileText(bytes);
  const parsed = looksLikeJson(text) ? parsePatientsBundle(text) : parsePatientsCsv(text);
  if (parsed.patients.length > IMPORT_MAX_PATIENTS) {
    throw refuseFile(importTexts.tooManyRows(IMPORT_MAX_PATIENTS));
  }
  if (parsed.patients.length === 0 && parsed.problems.length === 0) {
    throw refuseFile(importTexts.noPatients);
  }
  const problems = [...parsed.problems];
  const patientSchema = makePatientInputSchema(() => latestDobAt(ctx.clock.now()));
  const checked: CheckedPatient[] = parsed.patients.map((raw) => {
    const before = problems.length;
    const patient = check(patientSchema, raw, problems);
    const allergyValues = raw.allergies
      .map((a) => check(allergyRecordSchema, a, problems))
      .filter((a): a is AllergyValues => a !== null);
    const conditionValues = raw.conditions
      .map((c) => check(conditionRecordSchema, c, problems))
      .filter((c): c is ConditionValues => c !== null);
    return {
      raw,
      patient,
      allergies: allergyValues,
      conditions: conditionValues,
      problems: problems.length - before,
    };
  });

  const valid = checked.filter((c) => c.patient !== null);
  const inAgency = await existingKeys(
    ctx.db,
    valid.map((c) => c.patient!.dob),
  );
  const firstRow = new Map<string, number>();
  const rows: ImportRow[] = [];
  const toCreate: CheckedPatient[] = [];
  let duplicates = 0;
  for (const c of checked) {
    const values = c.raw.values;
    const name = c.patient
      ? `${c.patient.firstName} ${c.patient.lastName}`
      : [values.firstName, values.lastName]
          .filter((v): v is string => typeof v === 'string')
          .join(' ')
          .trim()
          .slice(0, 200);
    const dob = c.patient?.dob ?? (typeof values.dob === 'string' ? values.dob.slice(0, 20) : '');
    const row: ImportRow = {
      row: c.raw.row,
      name,
      dob,
      status: 'new',
      allergies: c.raw.allergies.length,
      conditions: c.raw.conditions.length,
      duplicateOf: null,
    };
    rows.push(row);
    if (c.problems > 0 || !c.patient) {
      row.status = 'problem';
      continue;
    }
    const key = duplicateKey(c.patient);
    if (inAgency.has(key)) {
      row.status = 'duplicate';
      row.duplicateOf = 'agency';
    } else if (firstRow.has(key)) {
      row.status = 'duplicate';
      row.duplicateOf = firstRow.get(key)!;
    } else {
      firstRow.set(key, c.raw.row);
      toCreate.push(c);
      continue;
    }
    duplicates += 1;
  }

  return {
    toCreate,
    result: {
      dryRun,
      imported: false,
      format: parsed.format,
      patients: toCreate.length,
      allergies: toCreate.reduce((n, c) => n + c.allergies.length, 0),
      conditions: toCreate.reduce((n, c) => n + c.conditions.length, 0),
      duplicates,
      rows,
      problems: problems.sort((a, b) => a.row - b.row),
      skipped: parsed.skipped,
    },
  };
}

const countsOf = (result: ImportResult) => ({
  patients: result.patients,
  allergies: result.allergies,
  conditions: result.conditions,
  duplicates: result.duplicates,
  problems: result.problems.length,
});

/**
 * Checks a file (`dryRun`) or imports it. A check is audited as one 'import' row with the
 * counts in its details and `dryRun: true`; an import refused for problems as one 'import' row with outcome
 * 'failure'; an import as the 'create' row of every patient, allergy and condition and one
 * 'import' row with the counts, all in the import's transaction.
 */
export async function importPatients(
  ctx: RequestContext,
  bytes: Uint8Array,
  dryRun: boolean,
): Promise<ImportResult> {
  const { result, toCreate } = await plan(ctx, bytes, dryRun);
  if (dryRun) {
    await ctx.audit.read({
      action: 'import',
      entity: 'patient',
      details: { dryRun: true, ...countsOf(result) },
    });
    return result;
  }
  if (result.problems.length > 0) {
    await ctx.audit.record({
      action: 'import',
      entity: 'patient',
      details: { dryRun: false, ...countsOf(result) },
      outcome: 'failure',
    });
    throw new HttpError(400, importTexts.hasProblems, undefined, { result });
  }
  if (toCreate.length === 0) throw refuseFile(importTexts.nothingToImport);

  await ctx.audit.change(
    (tx) => writePatients(ctx, tx, toCreate),
    () => ({
      action: 'import',
      entity: 'patient',
      details: { dryRun: false, ...countsOf(result) },
    }),
  );
  return { ...result, imported: true };
}

async function writePatients(ctx: RequestContext, tx: Tx, toCreate: CheckedPatient[]) {
  const { user } = ctx;
  const now = ctx.clock.now();
  for (const part of chunks(toCreate)) {
    const ids = await tx
      .insert(patients)
      .values(
        part.map((c) => ({
          ...c.patient!,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
          ...(c.raw.noKnownAllergies && c.allergies.length === 0
            ? { noKnownAllergiesAt: now, noKnownAllergiesBy: user.id }
            : {}),
        })),
      )
      .returning({ id: patients.id });
    // PostgreSQL returns a multi-row insert's rows in the order of its VALUES.
    const events: AuditEvent[] = [];
    const allergyRows: (typeof allergies.$inferInsert)[] = [];
    const conditionRows: (typeof conditions.$inferInsert)[] = [];
    part.forEach((c, i) => {
      const patientId = ids[i]!.id;
      events.push({ action: 'create', entity: 'patient', entityId: patientId, patientId });
      for (const a of c.allergies) {
        allergyRows.push({ ...a, patientId, recordedBy: user.id, createdAt: now, updatedAt: now });
      }
      for (const k of c.conditions) {
        conditionRows.push({
          ...k,
          patientId,
          recordedBy: user.id,
          createdAt: now,
          updatedAt: now,
        });
      }
    });
    if (user.role === 'doctor') {
      await tx
        .insert(careTeamMembers)
        .values(
          ids.map(({ id }) => ({ patientId: id, userId: user.id, addedBy: user.id, addedAt: now })),
        );
    }
    for (const rows of chunks(allergyRows)) {
      const created = await tx
        .insert(allergies)
        .values(rows)
        .returning({ id: allergies.id, patientId: allergies.patientId });
      for (const r of created) {
        events.push({
          action: 'create',
          entity: 'allergy',
          entityId: r.id,
          patientId: r.patientId,
        });
      }
    }
    for (const rows of chunks(conditionRows)) {
      const created = await tx
        .insert(conditions)
        .values(rows)
        .returning({ id: conditions.id, patientId: conditions.patientId });
      for (const r of created) {
        events.push({
          action: 'create',
          entity: 'condition',
          entityId: r.id,
          patientId: r.patientId,
        });
      }
    }
    for (const list of chunks(events)) await ctx.audit.within(tx, list);
  }
}
