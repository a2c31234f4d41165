import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { formatDateTime } from '../../../shared/format.ts';
import { appointmentTexts, validation } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import {
  parseInstant,
  parseRangeBound,
  type Appointment,
  type AppointmentInput,
} from '../../../shared/schemas/appointments.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { appointments, careTeamMembers, patients, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { oneColumn, preparedBoundedCount, preparedPageTotal, type Page } from '../../lib/list.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { assertPatientInScope, joinedPatientInScope, joinedPatientInScopeByRow, patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import {
  createNotifications,
  type NewNotification,
} from '../notifications/notifications.service.ts';

const firstStorable = parseInstant('0001-01-01T00:00:00Z')!.getTime();
const lastStorable = parseInstant('9999-12-31T23:59:59.999Z')!.getTime();

const columns = {
  id: appointments.id,
  doctorId: appointments.doctorId,
  doctorUsername: users.username,
  doctorFirstName: users.firstName,
  doctorSecondName: users.secondName,
  patientId: appointments.patientId,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  patientAccountUserId: patients.accountUserId,
  // Read as epoch milliseconds: the driver's own text-to-Date parsing turns year 1 into 2001.
  appointmentDate: sql<number>`extract(epoch from ${appointments.appointmentDate}) * 1000`.mapWith(
    Number,
  ),
  location: appointments.location,
  requestedBy: appointments.requestedBy,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
};

interface AppointmentRow {
  id: number;
  doctorId: number;
  doctorUsername: string;
  doctorFirstName: string;
  doctorSecondName: string;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  patientAccountUserId: number | null;
  appointmentDate: number;
  location: string;
  requestedBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    doctorId: row.doctorId,
    doctorUsername: row.doctorUsername,
    doctorName: `${row.doctorFirstName} ${row.doctorSecondName}`.trim(),
    patientId: row.patientId,
    patientName: `${row.patientFirstName} ${row.patientLastName}`.trim(),
    appointmentDate: new Date(row.appointmentDate).toISOString(),
    location: row.location,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Live appointments of live patients in the caller's scope, and the given conditions. `byRow`
 * checks the scope on each appointment (`joinedPatientInScopeByRow`): the same rows.
 */
function inScope(
  user: SessionUser,
  where: (SQL | undefined)[],
  options: { userId?: number | Placeholder; byRow?: boolean } = {},
) {
  const userId = options.userId ?? user.id;
  return and(
    isNull(appointments.deletedAt),
    isNull(patients.deletedAt),
    options.byRow
      ? joinedPatientInScopeByRow(user, appointments.patientId, userId)
      : joinedPatientInScope(user, userId),
    ...where,
  );
}

function selectInScope(db: Executor, user: SessionUser, where: (SQL | undefined)[]) {
  return db
    .select(columns)
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(inScope(user, where));
}

export interface AppointmentFilters {
  doctorId?: number;
  patientId?: number;
  from?: string;
  to?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
  count?: 'bounded' | 'none';
}

interface ListShape {
  doctor: boolean;
  patient: boolean;
  from: boolean;
  to: boolean;
  order: 'asc' | 'desc';
}

/**
 * Whether a list shape's page checks the scope row by row: only with a doctor filter, where
 * `appointments_doctor_idx` walks one doctor's appointments in date order and the page stops
 * the walk early (a deep page walks further: the last of 1,000 costs about 1.4 times the join).
 * Without it (a caregiver's date range, say) the walk would cover every appointment in the
 * range, and joining the care team's patients first is cheaper. The count reads every matching
 * row anyway, so it always joins (1,000 rows: about 5 times cheaper than row by row).
 */
const pageScopeByRow = (shape: ListShape): boolean => shape.doctor;

/**
 * The appointments list's two statements for one shape of filter and one kind of scope, with
 * placeholders for every value: built and named once, then only the values travel.
 */
function buildListStatements(db: Executor, user: SessionUser, shape: ListShape, key: string) {
  const where = (byRow: boolean) =>
    inScope(
      user,
      [
        shape.doctor ? eq(appointments.doctorId, sql.placeholder('doctorId')) : undefined,
        shape.patient ? eq(appointments.patientId, sql.placeholder('patientId')) : undefined,
        shape.from ? gte(appointments.appointmentDate, sql.placeholder('from')) : undefined,
        shape.to ? lt(appointments.appointmentDate, sql.placeholder('to')) : undefined,
      ],
      { userId: sql.placeholder('userId'), byRow },
    );
  const direction = shape.order === 'desc' ? desc : asc;
  return {
    page: db
      .select(columns)
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.doctorId))
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(where(pageScopeByRow(shape)))
      .orderBy(direction(appointments.appointmentDate), direction(appointments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`appointments_page_${key}`),
    count: preparedBoundedCount(
      db,
      db
        .select(oneColumn)
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .where(where(false))
        .$dynamic(),
      `appointments_count_${key}`,
    ),
  };
}

function listStatements(db: Executor, user: SessionUser, shape: ListShape) {
  const flags = `${shape.doctor ? 'd' : ''}${shape.patient ? 'p' : ''}${shape.from ? 'f' : ''}${shape.to ? 't' : ''}`;
  const scope = `${scopeKind(user)}${pageScopeByRow(shape) ? '_byrow' : ''}`;
  const key = `${scope}_${flags || 'none'}_${shape.order}`;
  return preparedFor(db, `appointments_${key}`, () => buildListStatements(db, user, shape, key));
}

/** One page of the caller's appointments (scope, optional doctor, patient and [from, to)). */
export async function listAppointments(
  db: Executor,
  user: SessionUser,
  filters: AppointmentFilters,
): Promise<Page<Appointment>> {
  // Bounds beyond the years that can be stored (1 to 9999) bound nothing and are dropped, so
  // the database is never handed a date it cannot read (a calendar reaches year 275760).
  const fromDate = filters.from ? parseRangeBound(filters.from) : null;
  const toDate = filters.to ? parseRangeBound(filters.to) : null;
  if (
    (fromDate && fromDate.getTime() > lastStorable) ||
    (toDate && toDate.getTime() <= firstStorable)
  ) {
    return { items: [], total: 0 };
  }
  const from = fromDate && fromDate.getTime() > firstStorable ? fromDate : null;
  const to = toDate && toDate.getTime() <= lastStorable ? toDate : null;
  const statements = listStatements(db, user, {
    doctor: filters.doctorId !== undefined,
    patient: filters.patientId !== undefined,
    from: from !== null,
    to: to !== null,
    order: filters.order === 'desc' ? 'desc' : 'asc',
  });
  const values = {
    userId: user.id,
    doctorId: filters.doctorId,
    patientId: filters.patientId,
    from: from?.toISOString(),
    to: to?.toISOString(),
    limit: filters.limit,
    offset: filters.offset,
  };
  const rows = await statements.page.execute(values);
  const { total, capped } = await preparedPageTotal(
    statements.count,
    values,
    rows.length,
    filters.count,
  );
  return { items: rows.map(toAppointment), total, capped };
}

/**
 * Checks that the caller may list a doctor's appointments: only their own, unless they see
 * the whole agency. Anything else answers 404, as for an unknown doctor.
 */
export async function assertDoctorListable(
  db: Executor,
  user: SessionUser,
  doctorId: number,
): Promise<void> {
  if (doctorId !== user.id && !can(user, 'patients:read-all')) throw notFound();
  // A doctor's own list: the session already says who and what they are.
  if (doctorId === user.id && user.storedRole === 'doctor') return;
  const [doctor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, doctorId), eq(users.role, 'doctor')))
    .limit(1);
  if (!doctor) throw notFound();
}

async function findRow(db: Executor, user: SessionUser, id: number): Promise<AppointmentRow> {
  const [row] = await selectInScope(db, user, [eq(appointments.id, id)]).limit(1);
  if (!row) throw notFound();
  return row;
}

/** One appointment in the caller's scope, or 404. */
export async function getAppointment(
  db: Executor,
  user: SessionUser,
  id: number,
): Promise<Appointment> {
  return toAppointment(await findRow(db, user, id));
}

interface Doctor {
  id: number;
  username: string;
}

/** The active doctor named by id or username; a 400 on the doctorUsername field otherwise. */
async function resolveDoctor(
  db: Executor,
  by: { doctorId?: number; doctorUsername?: string },
): Promise<Doctor> {
  const condition =
    by.doctorId !== undefined
      ? eq(users.id, by.doctorId)
      : sql`lower(${users.username}) = lower(${by.doctorUsername ?? ''})`;
  const [doctor] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(condition, eq(users.role, 'doctor'), eq(users.isActive, true)))
    .limit(1);
  if (!doctor) {
    throw badRequest(
      { doctorUsername: appointmentTexts.doctorNotFound },
      appointmentTexts.doctorNotFound,
    );
  }
  return doctor;
}

async function isOnCareTeam(db: Executor, patientId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: careTeamMembers.userId })
    .from(careTeamMembers)
    .where(and(eq(careTeamMembers.patientId, patientId), eq(careTeamMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** What the caller may do with appointments: book and edit (staff), request (own), or nothing. */
export function appointmentRole(user: SessionUser): 'staff' | 'patient' | null {
  if (can(user, 'appointments:write')) return 'staff';
  if (user.role === 'patient' && can(user, 'appointments:request')) return 'patient';
  return null;
}

const when = (date: Date) => `${formatDateTime(date, 'UTC')} UTC`;

type Change = 'created' | 'moved' | 'cancelled';

/**
 * The notices an appointment change sends: to the patient's own account and to the doctor,
 * never to the person who made the change.
 */
function noticesFor(change: Change, row: AppointmentRow, actor: SessionUser): NewNotification[] {
  const at = `${when(new Date(row.appointmentDate))} at ${row.location}`;
  const patientName = `${row.patientFirstName} ${row.patientLastName}`.trim();
  const byPatient = actor.id === row.patientAccountUserId;
  const items: NewNotification[] = [];
  if (row.patientAccountUserId !== null && !byPatient) {
    const message = {
      created: `New appointment on ${at}`,
      moved: `Your appointment was moved to ${at}`,
      cancelled: `Your appointment on ${at} was cancelled`,
    }[change];
    items.push({
      userId: row.patientAccountUserId,
      message,
      kind: 'appointment',
      link: '/patient-appointments',
    });
  }
  if (row.doctorId !== actor.id) {
    const message = byPatient
      ? {
          created: `${patientName} requested an appointment on ${at}`,
          moved: `${patientName} moved an appointment to ${at}`,
          cancelled: `${patientName} cancelled the appointment on ${at}`,
        }[change]
      : {
          created: `New appointment with ${patientName} on ${at}`,
          moved: `The appointment with ${patientName} was moved to ${at}`,
          cancelled: `The appointment with ${patientName} on ${at} was cancelled`,
        }[change];
    items.push({ userId: row.doctorId, message, kind: 'appointment', link: '/appointments' });
  }
  return items;
}

function requireInstant(text: string): Date {
  const date = parseInstant(text);
  if (!date) {
    throw badRequest(
      { appointmentDate: appointmentTexts.invalidDate },
      appointmentTexts.invalidDate,
    );
  }
  return date;
}

/**
 * Books (staff) or requests (a patient, for themselves, with a doctor of their care team, in
 * the future) an appointment, with its notices, inside the caller's transaction.
 */
export async function createAppointment(
  tx: Tx,
  user: SessionUser,
  input: AppointmentInput,
  now: Date,
): Promise<Appointment> {
  const role = appointmentRole(user);
  if (!role) throw forbidden(appointmentTexts.notAllowed);
  const date = requireInstant(input.appointmentDate);
  await assertPatientInScope(tx, user, input.patientId);

  let doctorRef: { doctorId?: number; doctorUsername?: string };
  if (input.doctorId !== undefined) doctorRef = { doctorId: input.doctorId };
  else if (input.doctorUsername) doctorRef = { doctorUsername: input.doctorUsername };
  else if (user.role === 'doctor') doctorRef = { doctorId: user.id };
  else {
    throw badRequest(
      { doctorUsername: validation.doctorUsernameRequired },
      validation.doctorUsernameRequired,
    );
  }
  const doctor = await resolveDoctor(tx, doctorRef);

  if (role === 'patient') {
    if (!(await isOnCareTeam(tx, input.patientId, doctor.id))) {
      throw badRequest(
        { doctorUsername: appointmentTexts.doctorNotOnCareTeam },
        appointmentTexts.doctorNotOnCareTeam,
      );
    }
    if (date.getTime() <= now.getTime()) {
      throw badRequest(
        { appointmentDate: appointmentTexts.mustBeFuture },
        appointmentTexts.mustBeFuture,
      );
    }
  }

  const [created] = await tx
    .insert(appointments)
    .values({
      doctorId: doctor.id,
      patientId: input.patientId,
      appointmentDate: date,
      location: input.location,
      requestedBy: user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: appointments.id });
  const row = await findRow(tx, user, created!.id);
  await createNotifications(tx, now, noticesFor('created', row, user));
  return toAppointment(row);
}

/** Edits an appointment in scope (staff only); date or place changes notify the patient. */
export async function updateAppointment(
  tx: Tx,
  user: SessionUser,
  id: number,
  input: AppointmentInput,
  now: Date,
): Promise<Appointment> {
  const before = await findRow(tx, user, id);
  const date = requireInstant(input.appointmentDate);
  if (input.patientId !== before.patientId) await assertPatientInScope(tx, user, input.patientId);
  let doctorId = before.doctorId;
  if (input.doctorId !== undefined || input.doctorUsername) {
    doctorId = (
      await resolveDoctor(
        tx,
        input.doctorId !== undefined
          ? { doctorId: input.doctorId }
          : { doctorUsername: input.doctorUsername },
      )
    ).id;
  }
  await tx
    .update(appointments)
    .set({
      doctorId,
      patientId: input.patientId,
      appointmentDate: date,
      location: input.location,
      updatedAt: now,
    })
    .where(eq(appointments.id, id));
  const after = await findRow(tx, user, id);

  const notices: NewNotification[] = [];
  if (after.patientId !== before.patientId) {
    // To the old patient it is a cancellation, to the new one a new appointment.
    notices.push(
      ...noticesFor('cancelled', before, user).filter((n) => n.userId !== after.doctorId),
    );
    notices.push(...noticesFor('created', after, user));
  } else if (
    after.appointmentDate !== before.appointmentDate ||
    after.location !== before.location ||
    after.doctorId !== before.doctorId
  ) {
    notices.push(...noticesFor('moved', after, user));
  }
  await createNotifications(tx, now, notices);
  return toAppointment(after);
}

/**
 * Soft-deletes an appointment: staff any in scope; a patient only their own upcoming ones
 * (403 for a past one). The patient and the doctor are told.
 */
export async function deleteAppointment(
  tx: Tx,
  user: SessionUser,
  id: number,
  now: Date,
): Promise<Appointment> {
  const role = appointmentRole(user);
  if (!role) throw forbidden(appointmentTexts.notAllowed);
  const row = await findRow(tx, user, id);
  if (role === 'patient' && row.appointmentDate <= now.getTime()) {
    throw forbidden(appointmentTexts.onlyOwnFuture);
  }
  await tx
    .update(appointments)
    .set({ deletedAt: now, updatedAt: now })
    .where(eq(appointments.id, id));
  await createNotifications(tx, now, noticesFor('cancelled', row, user));
  return toAppointment(row);
}

/** Brings back a deleted appointment of a patient in scope (admins); 404 when none is deleted. */
export async function restoreAppointment(
  tx: Tx,
  user: SessionUser,
  id: number,
  now: Date,
): Promise<Appointment> {
  const [deleted] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        eq(appointments.id, id),
        isNotNull(appointments.deletedAt),
        isNull(patients.deletedAt),
        patientInScope(user, appointments.patientId),
      ),
    )
    .limit(1);
  if (!deleted) throw notFound();
  await tx
    .update(appointments)
    .set({ deletedAt: null, updatedAt: now })
    .where(eq(appointments.id, id));
  return toAppointment(await findRow(tx, user, id));
}
