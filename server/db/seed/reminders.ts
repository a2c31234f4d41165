import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { notifications, reminders, users } from '../schema/index.ts';
import type { Agency, PatientContext, Staff } from './agency.ts';
import { MINUTE, daysBefore, slot } from './calendar.ts';
import type { DemoLogin } from './demo-config.ts';
import { ownReminderTexts, reminderTexts } from './vocabulary.ts';

/** Caregivers keep reminders about their patients over the coming days. */
export function addCareReminders(p: PatientContext): void {
  const { random, now, rows } = p.agency;
  for (const caregiver of p.team) {
    if (!random.chance(0.4)) continue;
    rows.staffReminders.push({
      userId: caregiver.id,
      message: random.pick(reminderTexts).replace('{name}', p.person.firstName),
      date: slot(random, now, random.int(1, 7), 8, 18),
    });
  }
}

/** Reminders already fired yesterday, one per staff member, each with the notification it became. */
export async function insertFiredReminders(agency: Agency, owners: Staff[]): Promise<void> {
  const { tx, random, now } = agency;
  for (const owner of owners) {
    const at = slot(random, now, -1, 8, 18);
    const [fired] = await tx
      .insert(reminders)
      .values({
        userId: owner.id,
        message: random.pick(ownReminderTexts),
        date: at,
        firedAt: at,
        createdAt: daysBefore(now, 3),
        updatedAt: at,
      })
      .returning({ id: reminders.id, message: reminders.message });
    await tx.insert(notifications).values({
      userId: owner.id,
      message: fired!.message,
      kind: 'reminder',
      link: '/notifications',
      reminderId: fired!.id,
      createdAt: at,
    });
  }
}

/**
 * Gives each demo login reminders due in the next few minutes, so they visibly fire while the
 * demo is being looked at, also when an existing demo database is reused.
 */
export async function refreshDueReminders(
  db: Executor,
  now: Date,
  logins: DemoLogin[],
): Promise<void> {
  const soon: (typeof reminders.$inferInsert)[] = [];
  const texts: Record<DemoLogin['role'], string[]> = {
    admin: ['Review pending privilege requests'],
    doctor: ['Sign the repeat prescriptions', 'Call the hospital about a discharge letter'],
    caregiver: ['Administer medication', 'Blood pressure check'],
    patient: ['Take the afternoon tablets'],
    coordinator: ['Find cover for the unassigned visits'],
  };
  for (const login of logins) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, login.username.toLowerCase()))
      .limit(1);
    if (!user) continue;
    // Skip when the user still has a reminder waiting to fire in the next ten minutes.
    const [waiting] = await db
      .select({ id: reminders.id })
      .from(reminders)
      .where(
        and(
          eq(reminders.userId, user.id),
          isNull(reminders.firedAt),
          isNull(reminders.deletedAt),
          gt(reminders.date, now),
          lt(reminders.date, new Date(now.getTime() + 10 * MINUTE)),
        ),
      )
      .limit(1);
    if (waiting) continue;
    texts[login.role].forEach((message, index) => {
      soon.push({
        userId: user.id,
        message,
        date: new Date(
          now.getTime() + (2 + index * 2 + (login.role === 'doctor' ? 1 : 0)) * MINUTE,
        ),
        createdAt: now,
        updatedAt: now,
      });
    });
  }
  if (soon.length > 0) await db.insert(reminders).values(soon);
}
