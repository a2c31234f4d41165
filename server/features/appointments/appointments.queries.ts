import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNull,
  lt,
  ne,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  parseInstant,
  type AppointmentSortColumn,
  parseRangeBound,
  type Appointment,
} from '../../../shared/schemas/appointments.ts';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../../shared/constants.ts';
import type { ListSort } from '../../../shared/schemas/common.ts';
import type { Executor } from '../../db/client.ts';
import { appointments, patients, users } from '../../db/schema/index.ts';
import { oneColumn, preparedBoundedCount, preparedPageTotal, type Page } from '../../lib/list.ts';
import { preparedFor } from '../../lib/prepared.ts';
import {
  joinedPatientInScope,
  joinedPatientInScopeByRow,
  patientIsLive,
  scopeKind,
} from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';

const firstStorable = parseInstant('0001-01-01T00:00:00Z')!.getTime();
const lastStorable = parseInstant('9999-12-31T23:59:59.999Z')!.getTime();

/** The appointment's own columns an answer needs beyond its ids, names and date. */
export const ownColumns = {
  id: appointments.id,
  location: appointments.location,
  requestedBy: appointments.requestedBy,
  durationMinutes: appointments.durationMinutes,
  status: appointments.status,
  cancelReason: appointments.cancelReason,
  cancelledAt: appointments.cancelledAt,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
};

const columns = {
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
  ...ownColumns,
};

/** An appointment as read, with the names its answer and its notices are made of. */
export interface AppointmentRow {
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
  durationMinutes: number;
  status: string;
  cancelReason: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored status; anything unknown reads as scheduled. */
function asStatus(value: string): AppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly string[]).includes(value)
    ? (value as AppointmentStatus)
    : 'scheduled';
}

/** The answer's shape of a row. */
export function toAppointment(row: AppointmentRow): Appointment {
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
    durationMinutes: row.durationMinutes,
    status: asStatus(row.status),
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
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

/** A live appointment in the caller's scope, or null (missing and out of scope look the same). */
export async function findAppointmentRow(
  db: Executor,
  user: SessionUser,
  id: number,
): Promise<AppointmentRow | null> {
  const [row] = await db
    .select(columns)
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(inScope(user, [eq(appointments.id, id)]))
    .limit(1);
  return row ?? null;
}

/**
 * The patient an appointment belongs to, deleted or not and whatever the caller's scope: only
 * for recording a refused attempt against that patient.
 */
export async function patientOfAppointment(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: appointments.patientId })
    .from(appointments)
    .where(eq(appointments.id, id))
    .limit(1);
  return row?.patientId ?? null;
}

export interface AppointmentFilters {
  doctorId?: number;
  patientId?: number;
  status?: AppointmentStatus;
  from?: string;
  to?: string;
  /** By date, when no `sort` is given. */
  order?: 'asc' | 'desc';
  sort?: ListSort<AppointmentSortColumn>;
  limit: number;
  offset: number;
  count?: 'bounded' | 'none';
}

interface ListShape {
  doctor: boolean;
  patient: boolean;
  status: boolean;
  from: boolean;
  to: boolean;
  sort: ListSort<AppointmentSortColumn>;
}

/** Each order of the lists and its columns; the date, then the id, break ties. */
const appointmentOrder: Record<AppointmentSortColumn, readonly (AnyColumn | SQL)[]> = {
  date: [appointments.appointmentDate],
  patient: [patients.lastName, patients.firstName, patients.id],
  doctor: [users.secondName, users.firstName, users.id],
  status: [appointments.status],
};

/**
 * The ORDER BY of a list: the sort's columns in its direction, then (for an order other than the
 * date) the date soonest first, then the id, so rows that tie keep one order and pages neither
 * repeat nor skip. By date, the id follows the date's direction, as the lists always have.
 */
function orderOf(sort: ListSort<AppointmentSortColumn>): SQL[] {
  const direction = sort.descending ? desc : asc;
  if (sort.column === 'date') {
    return [direction(appointments.appointmentDate), direction(appointments.id)];
  }
  return [
    ...appointmentOrder[sort.column].map((column) => direction(column)),
    asc(appointments.appointmentDate),
    asc(appointments.id),
  ];
}

/**
 * Whether a list shape's page checks the scope row by row: only with a doctor filter in date
 * order, where `appointments_doctor_idx` walks one doctor's appointments in date order and the
 * page stops the walk early (a deep page walks further: the last of 1,000 costs about 1.4 times
 * the join). Without it (a caregiver's date range, say, or an order by name, which reads every
 * row before sorting) the walk would cover every matching appointment, and joining the care
 * team's patients first is cheaper.
 */
const pageScopeByRow = (shape: ListShape): boolean => shape.doctor && shape.sort.column === 'date';

/**
 * Whether the count checks the scope row by row: whenever one doctor's appointments are counted.
 * The count stops at its bound, and the doctor's own index holds just the rows to count; joined
 * from the care team instead, it reads every appointment of each team patient, with any doctor
 * (20,000 patients with 50 appointments each, a team of 1,000: 42 ms against 12 row by row).
 */
const countScopeByRow = (shape: ListShape): boolean => shape.doctor;

/**
 * Whether the count leaves the patients table out: when it counts one doctor's appointments for
 * a caller whose scope needs nothing of the patient row but that it is live (agency or care
 * team). Joined, PostgreSQL hashes every patient of the agency to count a doctor's 1,000
 * appointments (20,000 patients: 430 buffers and a 20,000-row hash on every request); checked
 * against the deleted patients instead, the count reads only the doctor's rows.
 */
const countJoinsNoPatient = (user: SessionUser, shape: ListShape): boolean =>
  countScopeByRow(shape) && scopeKind(user) !== 'own-record' && scopeKind(user) !== 'none';

/**
 * The appointments list's two statements for one shape of filter, one order and one kind of
 * scope, with placeholders for every value: built and named once, then only the values travel.
 */
function buildListStatements(db: Executor, user: SessionUser, shape: ListShape, key: string) {
  const filters = [
    shape.doctor ? eq(appointments.doctorId, sql.placeholder('doctorId')) : undefined,
    shape.patient ? eq(appointments.patientId, sql.placeholder('patientId')) : undefined,
    shape.status ? eq(appointments.status, sql.placeholder('status')) : undefined,
    shape.from ? gte(appointments.appointmentDate, sql.placeholder('from')) : undefined,
    shape.to ? lt(appointments.appointmentDate, sql.placeholder('to')) : undefined,
  ];
  const where = (byRow: boolean) =>
    inScope(user, filters, { userId: sql.placeholder('userId'), byRow });
  return {
    page: db
      .select(columns)
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.doctorId))
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(where(pageScopeByRow(shape)))
      .orderBy(...orderOf(shape.sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`appointments_page_${key}`),
    count: preparedBoundedCount(
      db,
      countJoinsNoPatient(user, shape)
        ? db
            .select(oneColumn)
            .from(appointments)
            .where(
              and(
                isNull(appointments.deletedAt),
                patientIsLive(appointments.patientId),
                joinedPatientInScopeByRow(user, appointments.patientId, sql.placeholder('userId')),
                ...filters,
              ),
            )
            .$dynamic()
        : db
            .select(oneColumn)
            .from(appointments)
            .innerJoin(patients, eq(patients.id, appointments.patientId))
            .where(where(countScopeByRow(shape)))
            .$dynamic(),
      `appointments_count_${key}`,
    ),
  };
}

function listStatements(db: Executor, user: SessionUser, shape: ListShape) {
  const flags = [
    shape.doctor ? 'd' : '',
    shape.patient ? 'p' : '',
    shape.status ? 's' : '',
    shape.from ? 'f' : '',
    shape.to ? 't' : '',
  ].join('');
  const scope = `${scopeKind(user)}${pageScopeByRow(shape) ? '_byrow' : ''}`;
  const order = `${shape.sort.descending ? 'desc' : 'asc'}_${shape.sort.column}`;
  const key = `${scope}_${flags || 'none'}_${order}`;
  return preparedFor(db, `appointments_${key}`, () => buildListStatements(db, user, shape, key));
}

/**
 * One page of the user's appointments (scope, optional doctor, patient, status and [from, to)),
 * in the asked order.
 */
export async function selectAppointmentPage(
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
    status: filters.status !== undefined,
    from: from !== null,
    to: to !== null,
    // Without a sort, the lists' old order: by date, soonest first unless `order` says desc.
    sort: filters.sort ?? { column: 'date', descending: filters.order === 'desc' },
  });
  const values = {
    userId: user.id,
    doctorId: filters.doctorId,
    patientId: filters.patientId,
    status: filters.status,
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
 * The first live, not cancelled appointment of the doctor whose [date, date + duration)
 * overlaps [start, end), other than `exceptId`; with its patient's name. Asked by every booking
 * and move: prepared once per database handle, so a request sends only the values.
 */
export async function findOverlap(
  db: Executor,
  doctorId: number,
  start: Date,
  end: Date,
  exceptId?: number,
) {
  const statement = preparedFor(db, 'appointment_overlap', () =>
    db
      .select({
        id: appointments.id,
        patientId: appointments.patientId,
        patientFirstName: patients.firstName,
        patientLastName: patients.lastName,
        appointmentDate: columns.appointmentDate,
        durationMinutes: appointments.durationMinutes,
      })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(
        and(
          eq(appointments.doctorId, sql.placeholder('doctorId')),
          isNull(appointments.deletedAt),
          isNull(patients.deletedAt),
          ne(appointments.status, 'cancelled'),
          // null (a new booking) excepts nothing.
          sql`${appointments.id} is distinct from ${sql.placeholder('exceptId')}::int`,
          sql`${appointments.appointmentDate} < ${sql.placeholder('end')}::timestamptz`,
          // Implied by the next condition (a smallint duration is at most 32,767 minutes), but
          // it bounds the doctor's index range to those weeks instead of their whole past.
          sql`${appointments.appointmentDate} > ${sql.placeholder('start')}::timestamptz - interval '32767 minutes'`,
          sql`${appointments.appointmentDate} + make_interval(mins => ${appointments.durationMinutes}::int) > ${sql.placeholder('start')}::timestamptz`,
        ),
      )
      .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
      .limit(1)
      .prepare('appointment_overlap'),
  );
  const [row] = await statement.execute({
    doctorId,
    exceptId: exceptId ?? null,
    start: start.toISOString(),
    end: end.toISOString(),
  });
  return row ?? null;
}
