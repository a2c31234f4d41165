import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { appointmentTexts, validation } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import {
  parseInstant,
  type Appointment,
  type AppointmentCancelInput,
  type AppointmentInput,
  type AppointmentOverlap,
  type AppointmentStatusInput,
} from '../../../shared/schemas/appointments.ts';
import { appointmentStatusTexts, DEFAULT_DURATION_MINUTES } from '../../../shared/constants.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { appointments, careTeamMembers, patients, users } from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { insertReturning, preparedFor } from '../../lib/prepared.ts';
import type { Page } from '../../lib/list.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { editNotices, noticesFor } from './appointments.notices.ts';
import {
  findAppointmentRow,
  findOverlap,
  patientOfAppointment,
  selectAppointmentPage,
  toAppointment,
  type AppointmentFilters,
  type AppointmentRow,
} from './appointments.queries.ts';

const entity = 'appointment';

/** The filters and order of a list call (the path may name the doctor or the patient). */
type ListQuery = AppointmentFilters;

/** What the caller may do with appointments: book and edit (staff), request (own), or nothing. */
function appointmentRole(user: SessionUser): 'staff' | 'patient' | null {
  if (can(user, 'appointments:write')) return 'staff';
  if (user.role === 'patient' && can(user, 'appointments:request')) return 'patient';
  return null;
}

/** The same 404 as an unknown id; an attempt on an existing appointment is denied in its patient's log. */
async function refuseAppointment(ctx: RequestContext, id: number): Promise<never> {
  return ctx.notFound({ entity, entityId: id, patientId: await patientOfAppointment(ctx.db, id) });
}

async function requireAppointment(ctx: RequestContext, id: number): Promise<AppointmentRow> {
  return (await findAppointmentRow(ctx.db, ctx.user, id)) ?? refuseAppointment(ctx, id);
}

/** Re-reads a row inside a change; it can only vanish if a concurrent change removed it. */
async function rowAfterChange(tx: Executor, user: SessionUser, id: number) {
  const row = await findAppointmentRow(tx, user, id);
  if (!row) throw notFound();
  return row;
}

/**
 * A list audited as one read; filtered by a patient, its rows (in scope) name that patient in the
 * log. A filter on a patient the caller may not see finds nothing, and names no one.
 */
async function listAudited(ctx: RequestContext, filters: AppointmentFilters) {
  const page = await selectAppointmentPage(ctx.db, ctx.user, filters);
  const patientId = page.items.length > 0 ? filters.patientId : undefined;
  await ctx.audit.read({ action: 'list', entity, patientId });
  return page;
}

/**
 * One page of the caller's appointments (scope, optional patient, doctor, status and
 * [from, to)), in the asked order, audited as a list.
 */
export async function listAppointments(
  ctx: RequestContext,
  query: ListQuery,
): Promise<Page<Appointment>> {
  return listAudited(ctx, query);
}

/** May the user list this doctor's appointments: their own, or any doctor's with agency scope. */
async function isDoctorListable(ctx: RequestContext, doctorId: number): Promise<boolean> {
  const { user } = ctx;
  if (doctorId !== user.id && !can(user, 'patients:read-all')) return false;
  // A doctor's own list: the session already says who and what they are.
  if (doctorId === user.id && user.storedRole === 'doctor') return true;
  const [doctor] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, doctorId), eq(users.role, 'doctor')))
    .limit(1);
  return Boolean(doctor);
}

/** One doctor's appointments in the caller's scope; another doctor's diary answers 404. */
export async function listDoctorAppointments(
  ctx: RequestContext,
  doctorId: number,
  query: ListQuery,
): Promise<Page<Appointment>> {
  if (!(await isDoctorListable(ctx, doctorId))) {
    // A diary belongs to no one patient, so ctx.notFound would leave no trace; a look into
    // another doctor's diary is still worth one 'denied' row.
    await ctx.audit.denied({ entity, entityId: `doctor:${doctorId}` });
    throw notFound();
  }
  return listAudited(ctx, { ...query, doctorId });
}

/** One patient's appointments; a patient out of scope answers 404 (audited). */
export async function listPatientAppointments(
  ctx: RequestContext,
  patientId: number,
  query: ListQuery,
): Promise<Page<Appointment>> {
  const page = await selectAppointmentPage(ctx.db, ctx.user, { ...query, patientId });
  // Rows in scope prove the patient is; only an empty page needs the check (404 or []).
  if (page.items.length === 0) await ctx.scope.require(patientId, { entity });
  await ctx.audit.read({ action: 'list', entity, patientId });
  return page;
}

/** One appointment in the caller's scope (404 otherwise), audited as a read. */
export async function getAppointment(ctx: RequestContext, id: number): Promise<Appointment> {
  const row = await requireAppointment(ctx, id);
  await ctx.audit.read({ action: 'read', entity, entityId: id, patientId: row.patientId });
  return toAppointment(row);
}

type DoctorRef = { doctorId: number } | { doctorUsername: string };

/** The doctor the input names, by id or username, if it names one. */
function namedDoctor(input: AppointmentInput): DoctorRef | null {
  if (input.doctorId !== undefined) return { doctorId: input.doctorId };
  if (input.doctorUsername) return { doctorUsername: input.doctorUsername };
  return null;
}

/** The doctor a reference names: by id, or by username whatever its case. */
const doctorMatches = (ref: DoctorRef): SQL =>
  'doctorId' in ref
    ? eq(users.id, ref.doctorId)
    : sql`lower(${users.username}) = lower(${ref.doctorUsername})`;

/** No active doctor by that reference: a 400 on the doctorUsername field. */
const doctorNotFound = () =>
  badRequest({ doctorUsername: appointmentTexts.doctorNotFound }, appointmentTexts.doctorNotFound);

/** The active doctor named by id or username; a 400 on the doctorUsername field otherwise. */
async function resolveDoctor(db: Executor, ref: DoctorRef): Promise<number> {
  const condition = doctorMatches(ref);
  const [doctor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(condition, eq(users.role, 'doctor'), eq(users.isActive, true)))
    .limit(1);
  if (!doctor) {
    throw doctorNotFound();
  }
  return doctor.id;
}

/** What a booking needs to know about its doctor and patient, read in one statement. */
interface BookingFacts {
  doctorId: number;
  doctorUsername: string;
  doctorFirstName: string;
  doctorSecondName: string;
  patientFirstName: string;
  patientLastName: string;
  patientAccountUserId: number | null;
}

/**
 * The active doctor named (400 doctorNotFound otherwise), who must be on the patient's care
 * team (400 doctorNotOnCareTeam otherwise), with the names the new appointment's answer and
 * notices are made of: what resolveDoctor, requireOnCareTeam and a re-read of the new row
 * would say, in one statement. A patient no longer live answers 404, as that re-read would.
 * The same statement says whether the patient is in the caller's scope, which the booking checks
 * first (with its 404 and audit row): asked by every booking, it is prepared once per database
 * handle, kind of reference and kind of scope. No row: no such active doctor.
 */
async function bookingRow(ctx: RequestContext, ref: DoctorRef, patientId: number) {
  const { db, user } = ctx;
  const byId = 'doctorId' in ref;
  const name = `booking_facts_by_${byId ? 'id' : 'username'}_${scopeKind(user).replace('-', '_')}`;
  const statement = preparedFor(db, name, () =>
    db
      .select({
        doctorId: users.id,
        doctorUsername: users.username,
        doctorFirstName: users.firstName,
        doctorSecondName: users.secondName,
        onTeam: sql<boolean>`exists (select 1 from ${careTeamMembers} where ${careTeamMembers.patientId} = ${sql.placeholder('patientId')} and ${careTeamMembers.userId} = ${users.id})`,
        patientFirstName: patients.firstName,
        patientLastName: patients.lastName,
        patientAccountUserId: patients.accountUserId,
        patientLive: sql<boolean>`${patients.deletedAt} is null`,
        // The patient's row must be there: joined on nothing, its columns read as NULL, and a
        // supervisor's scope (any live patient) would take a missing patient for one.
        inScope: sql<boolean>`(${patients.id} is not null and coalesce(${patientInScope(user, patients.id, sql.placeholder('userId'))}, false))`,
      })
      .from(users)
      .leftJoin(patients, eq(patients.id, sql.placeholder('patientId')))
      .where(
        and(
          byId
            ? eq(users.id, sql.placeholder('doctor'))
            : sql`lower(${users.username}) = lower(${sql.placeholder('doctor')}::text)`,
          eq(users.role, 'doctor'),
          eq(users.isActive, true),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({
    patientId,
    doctor: byId ? ref.doctorId : ref.doctorUsername,
    userId: user.id,
  });
  return row;
}

type BookingRow = Awaited<ReturnType<typeof bookingRow>>;

/** The booking's facts from its row (bookingRow), or the refusal. */
function bookingFacts(doctor: BookingRow): BookingFacts {
  if (!doctor) {
    throw doctorNotFound();
  }
  if (!doctor.onTeam) {
    throw badRequest(
      { doctorUsername: appointmentTexts.doctorNotOnCareTeam },
      appointmentTexts.doctorNotOnCareTeam,
    );
  }
  if (!doctor.patientLive || doctor.patientFirstName === null || doctor.patientLastName === null) {
    throw notFound();
  }
  const { onTeam: _onTeam, patientLive: _patientLive, inScope: _inScope, ...facts } = doctor;
  return {
    ...facts,
    patientFirstName: doctor.patientFirstName,
    patientLastName: doctor.patientLastName,
  };
}

/**
 * An appointment's doctor is on its patient's care team: the doctor is told about it, by the
 * patient's name, and must be someone who may see that patient. A 400 on the doctor field.
 */
async function requireOnCareTeam(db: Executor, patientId: number, doctorId: number) {
  const [member] = await db
    .select({ userId: careTeamMembers.userId })
    .from(careTeamMembers)
    .where(and(eq(careTeamMembers.patientId, patientId), eq(careTeamMembers.userId, doctorId)))
    .limit(1);
  if (!member) {
    throw badRequest(
      { doctorUsername: appointmentTexts.doctorNotOnCareTeam },
      appointmentTexts.doctorNotOnCareTeam,
    );
  }
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

/** "2026-02-01 10:00 UTC": the 409's time; the client shows the clash in the viewer's zone. */
function utcText(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * A 409 `overlap` when the doctor already has a live, not cancelled appointment overlapping
 * [date, date + duration), unless the body confirmed it. The patient's name is given only to a
 * caller who may see that patient.
 */
async function checkOverlap(
  ctx: RequestContext,
  tx: Executor,
  booking: { doctorId: number; date: Date; durationMinutes: number; exceptId?: number },
  confirmed: boolean,
) {
  if (confirmed) return;
  const end = new Date(booking.date.getTime() + booking.durationMinutes * 60_000);
  const clash = await findOverlap(tx, booking.doctorId, booking.date, end, booking.exceptId);
  if (!clash) return;
  const visible = await findAppointmentRow(tx, ctx.user, clash.id);
  const patientName = visible ? `${clash.patientFirstName} ${clash.patientLastName}`.trim() : null;
  const extra: Omit<AppointmentOverlap, 'message'> = {
    code: 'overlap',
    clash: {
      id: clash.id,
      patientName,
      appointmentDate: new Date(clash.appointmentDate).toISOString(),
      durationMinutes: clash.durationMinutes,
    },
  };
  throw new HttpError(
    409,
    appointmentStatusTexts.overlap(patientName, utcText(clash.appointmentDate)),
    undefined,
    extra,
  );
}

/**
 * Books (staff) or requests (a patient, for themselves, in the future) an appointment with a
 * doctor of the patient's care team; the change, its audit row and its notices commit together.
 */
export async function createAppointment(
  ctx: RequestContext,
  input: AppointmentInput,
): Promise<Appointment> {
  const { user } = ctx;
  const role = appointmentRole(user);
  if (!role) {
    return ctx.forbidden({ entity, patientId: input.patientId }, appointmentTexts.notAllowed);
  }
  const now = ctx.clock.now();
  const date = requireInstant(input.appointmentDate);
  const named = namedDoctor(input) ?? (user.role === 'doctor' ? { doctorId: user.id } : null);
  // The checks read before the transaction, through statements prepared once: the transaction
  // holds a connection only for the writes. Read inside it they saw nothing more, under
  // PostgreSQL's read committed, and a clash booked meanwhile got past them either way. The
  // doctor's row says whether the patient is in scope; without it (no doctor named, or none
  // found) the scope is read on its own. Either way the scope's 404 comes first.
  const found = named ? await bookingRow(ctx, named, input.patientId) : undefined;
  if (!found?.inScope) await ctx.scope.require(input.patientId, { entity });
  if (!named) {
    throw badRequest(
      { doctorUsername: validation.doctorUsernameRequired },
      validation.doctorUsernameRequired,
    );
  }
  const booking = bookingFacts(found);
  const { doctorId } = booking;
  if (role === 'patient' && date.getTime() <= now.getTime()) {
    throw badRequest(
      { appointmentDate: appointmentTexts.mustBeFuture },
      appointmentTexts.mustBeFuture,
    );
  }
  const durationMinutes = input.durationMinutes ?? DEFAULT_DURATION_MINUTES;
  // A doctor's own diary: staff are warned; a patient's request is the doctor's to confirm.
  if (role === 'staff') {
    await checkOverlap(
      ctx,
      ctx.db,
      { doctorId, date, durationMinutes },
      input.confirmOverlap === true,
    );
  }
  return ctx.audit.change(
    async (tx) => {
      // Built once and sent on the transaction (insertReturning), as a clinical record's is.
      const created = await insertReturning<typeof appointments.$inferSelect>(
        ctx.db,
        tx,
        appointments,
        {
          doctorId,
          patientId: input.patientId,
          appointmentDate: date,
          location: input.location,
          durationMinutes,
          requestedBy: user.id,
          createdAt: now,
          updatedAt: now,
        },
      );
      // The row as findAppointmentRow reads it, from RETURNING and the names read above (the
      // patient was found in scope by this request: no second read of the row just written).
      const row: AppointmentRow = {
        id: created.id,
        location: created.location,
        requestedBy: created.requestedBy,
        durationMinutes: created.durationMinutes,
        status: created.status,
        cancelReason: created.cancelReason,
        cancelledAt: created.cancelledAt,
        createdAt: created.createdAt,
        updatedAt: created.updatedAt,
        doctorId,
        doctorUsername: booking.doctorUsername,
        doctorFirstName: booking.doctorFirstName,
        doctorSecondName: booking.doctorSecondName,
        patientId: input.patientId,
        patientFirstName: booking.patientFirstName,
        patientLastName: booking.patientLastName,
        patientAccountUserId: booking.patientAccountUserId,
        appointmentDate: date.getTime(),
      };
      await createNotifications(tx, now, noticesFor('created', row, user));
      return toAppointment(row);
    },
    (created) => ({ action: 'create', entity, entityId: created.id, patientId: created.patientId }),
  );
}

/**
 * The doctor after an edit: the one named, or the one it had. Whenever the edit names a doctor
 * or moves the appointment to another patient, that doctor must be on the patient's care team.
 */
async function doctorAfterEdit(
  tx: Executor,
  input: AppointmentInput,
  before: AppointmentRow,
): Promise<number> {
  const named = namedDoctor(input);
  if (!named && input.patientId === before.patientId) return before.doctorId;
  const doctorId = named ? await resolveDoctor(tx, named) : before.doctorId;
  await requireOnCareTeam(tx, input.patientId, doctorId);
  return doctorId;
}

/** Edits an appointment in scope (staff); a new date, place, doctor or patient is told. */
export async function updateAppointment(
  ctx: RequestContext,
  id: number,
  input: AppointmentInput,
): Promise<Appointment> {
  const { user } = ctx;
  const now = ctx.clock.now();
  const before = await requireAppointment(ctx, id);
  const date = requireInstant(input.appointmentDate);
  if (input.patientId !== before.patientId) {
    await ctx.scope.require(input.patientId, { entity, entityId: id });
  }
  return ctx.audit.change(
    async (tx) => {
      const doctorId = await doctorAfterEdit(tx, input, before);
      const durationMinutes = input.durationMinutes ?? before.durationMinutes;
      const moved =
        doctorId !== before.doctorId ||
        date.getTime() !== before.appointmentDate ||
        durationMinutes !== before.durationMinutes;
      // Only a change of doctor, time or length can make a new clash; a cancelled one never does.
      if (moved && before.status !== 'cancelled') {
        await checkOverlap(
          ctx,
          tx,
          { doctorId, date, durationMinutes, exceptId: id },
          input.confirmOverlap === true,
        );
      }
      await tx
        .update(appointments)
        .set({
          doctorId,
          patientId: input.patientId,
          appointmentDate: date,
          location: input.location,
          durationMinutes,
          updatedAt: now,
        })
        .where(eq(appointments.id, id));
      const after = await rowAfterChange(tx, user, id);
      await createNotifications(tx, now, editNotices(before, after, user));
      return toAppointment(after);
    },
    (updated) => ({ action: 'update', entity, entityId: id, patientId: updated.patientId }),
  );
}

/** Deletes (a date) or restores (null) an appointment; a concurrent change first is a 404. */
async function setDeletedAt(tx: Executor, id: number, deletedAt: Date | null, now: Date) {
  const changed = await tx
    .update(appointments)
    .set({ deletedAt, updatedAt: now })
    .where(
      and(
        eq(appointments.id, id),
        deletedAt ? isNull(appointments.deletedAt) : isNotNull(appointments.deletedAt),
      ),
    )
    .returning({ id: appointments.id });
  if (changed.length === 0) throw notFound();
}

/**
 * Soft-deletes an appointment: staff any in scope; a patient only their own upcoming ones
 * (403 for a past one). The patient and the doctor are told.
 */
export async function deleteAppointment(ctx: RequestContext, id: number): Promise<void> {
  const { user } = ctx;
  const role = appointmentRole(user);
  if (!role) {
    const patientId = await patientOfAppointment(ctx.db, id);
    return ctx.forbidden({ entity, entityId: id, patientId }, appointmentTexts.notAllowed);
  }
  const now = ctx.clock.now();
  const row = await requireAppointment(ctx, id);
  if (role === 'patient' && row.appointmentDate <= now.getTime()) {
    return ctx.forbidden(
      { entity, entityId: id, patientId: row.patientId },
      appointmentTexts.onlyOwnFuture,
    );
  }
  await ctx.audit.change(
    async (tx) => {
      await setDeletedAt(tx, id, now, now);
      await createNotifications(tx, now, noticesFor('cancelled', row, user));
    },
    () => ({ action: 'delete', entity, entityId: id, patientId: row.patientId }),
  );
}

/**
 * Marks an appointment in scope completed, no-show or scheduled again (staff who may edit
 * appointments). A cancelled appointment keeps its status (400).
 */
export async function setAppointmentStatus(
  ctx: RequestContext,
  id: number,
  input: AppointmentStatusInput,
): Promise<Appointment> {
  const { user } = ctx;
  const before = await requireAppointment(ctx, id);
  if (before.status === 'cancelled') {
    throw badRequest(
      { status: appointmentStatusTexts.cancelledStays },
      appointmentStatusTexts.cancelledStays,
    );
  }
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
      await tx
        .update(appointments)
        .set({ status: input.status, updatedAt: now })
        .where(and(eq(appointments.id, id), isNull(appointments.deletedAt)));
      return toAppointment(await rowAfterChange(tx, user, id));
    },
    () => ({ action: 'update', entity, entityId: id, patientId: before.patientId }),
  );
}

/**
 * Cancels an appointment and keeps it, with the reason, when and by whom: staff any in scope;
 * a patient only their own upcoming ones (403 for a past one), as with deleting. The patient
 * and the doctor are told. Cancelling twice answers 409.
 */
export async function cancelAppointment(
  ctx: RequestContext,
  id: number,
  input: AppointmentCancelInput,
): Promise<Appointment> {
  const { user } = ctx;
  const role = appointmentRole(user);
  if (!role) {
    const patientId = await patientOfAppointment(ctx.db, id);
    return ctx.forbidden({ entity, entityId: id, patientId }, appointmentTexts.notAllowed);
  }
  const now = ctx.clock.now();
  const row = await requireAppointment(ctx, id);
  if (role === 'patient' && row.appointmentDate <= now.getTime()) {
    return ctx.forbidden(
      { entity, entityId: id, patientId: row.patientId },
      appointmentTexts.onlyOwnFuture,
    );
  }
  if (row.status === 'cancelled') throw conflict(appointmentStatusTexts.alreadyCancelled);
  return ctx.audit.change(
    async (tx) => {
      const changed = await tx
        .update(appointments)
        .set({
          status: 'cancelled',
          cancelReason: input.reason,
          cancelledAt: now,
          cancelledBy: user.id,
          updatedAt: now,
        })
        .where(
          and(
            eq(appointments.id, id),
            isNull(appointments.deletedAt),
            sql`${appointments.status} <> 'cancelled'`,
          ),
        )
        .returning({ id: appointments.id });
      if (changed.length === 0) throw conflict(appointmentStatusTexts.alreadyCancelled);
      await createNotifications(tx, now, noticesFor('cancelled', row, user));
      return toAppointment(await rowAfterChange(tx, user, id));
    },
    () => ({ action: 'update', entity, entityId: id, patientId: row.patientId }),
  );
}

/** Brings back a deleted appointment of a live patient in scope (admins); 404 when none is. */
export async function restoreAppointment(ctx: RequestContext, id: number): Promise<Appointment> {
  const { user } = ctx;
  const [deleted] = await ctx.db
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
  if (!deleted) return refuseAppointment(ctx, id);
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
      await setDeletedAt(tx, id, null, now);
      return toAppointment(await rowAfterChange(tx, user, id));
    },
    (restored) => ({ action: 'restore', entity, entityId: id, patientId: restored.patientId }),
  );
}
