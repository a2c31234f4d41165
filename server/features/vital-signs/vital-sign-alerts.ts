import { and, eq, isNull, sql } from 'drizzle-orm';
import { thresholdTexts } from '../../../shared/messages.ts';
import { readGlucoseUnit, readTemperatureUnit } from '../../../shared/units.ts';
import { outOfRange } from '../../../shared/vital-thresholds.ts';
import type { Tx } from '../../db/client.ts';
import { careTeamMembers, users, vitalSigns } from '../../db/schema/index.ts';
import { patientDisplayName, type StoredRow } from '../clinical-common/clinical-records.ts';
import { findingsText, loadPatientRanges } from '../clinical-common/vital-ranges.ts';
import { createNotifications } from '../notifications/notifications.service.ts';

/**
 * Who hears of a reading outside the patient's ranges: every active doctor on the care team,
 * and whoever took the reading when that is a caregiver (each once), with the units each
 * reads values in.
 */
async function alertRecipients(tx: Tx, patientId: number, recordedBy: number) {
  const onTeam = sql`exists (select 1 from ${careTeamMembers}
    where ${careTeamMembers.patientId} = ${patientId} and ${careTeamMembers.userId} = ${users.id})`;
  return tx
    .select({
      id: users.id,
      temperatureUnit: users.temperatureUnit,
      glucoseUnit: users.glucoseUnit,
    })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        sql`((${users.role} = 'doctor' and ${onTeam})
          or (${users.role} = 'caregiver' and ${users.id} = ${recordedBy}))`,
      ),
    )
    .orderBy(users.id);
}

/**
 * Runs in the transaction of a reading's create or edit: when the reading is outside the
 * patient's ranges and has not alerted before, tells the care team and marks it alerted, so a
 * reading alerts once however often it is edited, deleted or restored.
 */
export async function alertIfOutOfRange(
  tx: Tx,
  now: Date,
  reading: StoredRow<typeof vitalSigns>,
): Promise<void> {
  if (reading.alertedAt !== null) return;
  const ranges = (await loadPatientRanges(tx, [reading.patientId])).get(reading.patientId)!;
  const findings = outOfRange(reading, ranges);
  if (findings.length === 0) return;
  // Claimed under the row's lock: of two edits at once, only one finds it unalerted.
  const [claimed] = await tx
    .update(vitalSigns)
    .set({ alertedAt: now })
    .where(and(eq(vitalSigns.id, reading.id), isNull(vitalSigns.alertedAt)))
    .returning({ id: vitalSigns.id });
  if (!claimed) return;
  const recipients = await alertRecipients(tx, reading.patientId, reading.recordedBy);
  if (recipients.length === 0) return;
  const patientName = await patientDisplayName(tx, reading.patientId);
  await createNotifications(
    tx,
    now,
    recipients.map((recipient) => ({
      userId: recipient.id,
      message: thresholdTexts.alert(
        patientName,
        findingsText(findings, {
          temperatureUnit: readTemperatureUnit(recipient.temperatureUnit),
          glucoseUnit: readGlucoseUnit(recipient.glucoseUnit),
        }),
      ),
      kind: 'vital-sign' as const,
      link: `/patients/${reading.patientId}`,
    })),
  );
}
