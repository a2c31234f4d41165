import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { allergyTexts } from '../../../shared/messages.ts';
import type { AllergyConflict, ConflictingAllergy } from '../../../shared/schemas/prescriptions.ts';
import type { Executor } from '../../db/client.ts';
import { statementName } from '../../db/named-statements.ts';
import { allergies } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { preparedFor, runOn } from '../../lib/prepared.ts';

/** The words of a name, lower case: letters and digits, whatever separates them. */
const wordsOf = (text: string): string[] =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** True when `part` appears, word for word and in order, within `whole`. */
function containsWords(whole: string[], part: string[]): boolean {
  if (part.length === 0 || part.length > whole.length) return false;
  for (let start = 0; start + part.length <= whole.length; start += 1) {
    if (part.every((word, i) => whole[start + i] === word)) return true;
  }
  return false;
}

/**
 * Whether a medication name matches an allergy's substance, case-insensitively and by whole
 * words: the substance within the medication ("Penicillin" in "Penicillin V 250mg") or the
 * medication within the substance ("Aspirin" in "Aspirin and NSAIDs"). A word that merely
 * shares letters does not match ("Amoxicillin" is not "Penicillin").
 */
export function medicationMatchesSubstance(medication: string, substance: string): boolean {
  const medicationWords = wordsOf(medication);
  const substanceWords = wordsOf(substance);
  return (
    containsWords(medicationWords, substanceWords) || containsWords(substanceWords, medicationWords)
  );
}

/** The same medication for the check: the same words, whatever the case or punctuation. */
export const sameMedication = (a: string, b: string): boolean =>
  wordsOf(a).join(' ') === wordsOf(b).join(' ');

/** The patient's active allergies (listed, not deleted, not resolved) the medication matches. */
export async function conflictingAllergies(
  pool: Executor,
  db: Executor,
  patientId: number,
  medication: string,
): Promise<ConflictingAllergy[]> {
  if (wordsOf(medication).length === 0) return [];
  // Prepared once on the pool (`pool`), sent on `db`: the change's transaction.
  const statement = preparedFor(pool, 'active_allergies', () =>
    pool
      .select({ id: allergies.id, substance: allergies.substance, reaction: allergies.reaction })
      .from(allergies)
      .where(
        and(
          eq(allergies.patientId, sql.placeholder('patientId')),
          isNull(allergies.deletedAt),
          eq(allergies.status, 'active'),
        ),
      )
      .orderBy(asc(allergies.id))
      .prepare(statementName('active allergies of a patient')),
  );
  const active = await runOn(statement, db).execute({ patientId });
  return active.filter((allergy) => medicationMatchesSubstance(medication, allergy.substance));
}

/**
 * 409 `allergy-conflict`: the medication matches active allergies of the patient and the body
 * did not confirm. The answer names them (`allergies`) so the form can ask for confirmation.
 */
export class AllergyConflictError extends HttpError {
  constructor(allergies: ConflictingAllergy[]) {
    const substances = [...new Set(allergies.map((allergy) => allergy.substance))];
    const extra: Omit<AllergyConflict, 'message'> = { code: 'allergy-conflict', allergies };
    super(409, allergyTexts.conflict(substances.join(', ')), undefined, extra);
  }
}
