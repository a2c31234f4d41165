import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { NOTIFICATION_CHANNEL } from '../server/features/notifications/notification-events.ts';
import { AT_PLACEHOLDER } from '../shared/format.ts';
import { sqlOf, type Sql } from './sql.ts';

/**
 * The floor: a bare Fastify server that answers the first page of patients from the same
 * database with one plain SQL query: no session, scope, audit, validation or response schema.
 * It is what the hardware, Node, Fastify and the database driver can do at best, and each API
 * figure is reported as a ratio to it.
 *
 * The "ladder" routes add one piece of the app's work at a time, in plain SQL, so the bench can
 * show where the time of a list request goes: session lookup, patient scope (care-team join
 * plus the total count), then the audit row.
 *
 * The write floor (`POST /floor/appointments`) is the same for a write: in one transaction, the
 * rows the app's POST /api/appointments writes (the appointment, the notices of
 * appointments.notices.ts with their pg_notify, and the audit row), in plain SQL, answering the
 * new row as JSON. No session, scope, care-team or overlap check: each write endpoint is
 * reported as a ratio to it. Both floors run on the app's own pool (`openDatabase`), so they
 * use the driver as the app does: statements with values go named (named-statements.ts).
 */
const columns = `id, first_name as "firstName", last_name as "lastName", dob, gender, address,
  phone_number as "phoneNumber", emergency_contact as "emergencyContact",
  emergency_contact_phone as "emergencyContactPhone", created_at as "createdAt",
  updated_at as "updatedAt"`;

const pageQuery = `select ${columns} from patients where deleted_at is null
  order by last_name, first_name, id limit 50`;

const scopedWhere = `deleted_at is null and id in (
  select ctm.patient_id from care_team_members ctm join patients p on p.id = ctm.patient_id
  where ctm.user_id = $1 and p.deleted_at is null)`;

interface SessionRow {
  user_id: number;
  role: string;
}

async function lookupSession(db: Sql, request: FastifyRequest): Promise<SessionRow | null> {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await db.query<SessionRow>(
    `select u.id as user_id, u.role from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.is_active limit 1`,
    [hash],
  );
  return row ?? null;
}

/** Runs `body` in one transaction on one connection, with its own query function. */
export type InTransaction = <T>(body: (query: Sql['query']) => Promise<T>) => Promise<T>;

/** One transaction on either driver: a pooled client (PostgreSQL) or PGlite's own. */
export function transactionOf(database: Database): InTransaction {
  const pool = database.pool;
  if (pool) {
    return async (body) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await body(
          async <R>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as R[],
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
  }
  const pglite = database.pglite!;
  return (body) =>
    pglite.transaction((tx) =>
      body(
        async <R>(text: string, params: unknown[] = []) => (await tx.query<R>(text, params)).rows,
      ),
    );
}

/** The body of POST /api/appointments as the bench sends it (targets-writes.ts). */
interface AppointmentBody {
  doctorUsername: string;
  patientId: number;
  appointmentDate: string;
  location: string;
}

const appointmentColumns = `id, doctor_id as "doctorId", patient_id as "patientId",
  appointment_date as "appointmentDate", location, duration_minutes as "durationMinutes", status,
  requested_by as "requestedBy", created_at as "createdAt", updated_at as "updatedAt"`;

/**
 * The write floor's transaction: the appointment (booked by the doctor named, as the bench's
 * doctor books their own), the notice to the patient's account when it has one (the doctor
 * made the change, so no notice to them), its pg_notify, and the audit row.
 */
export async function floorAppointment(
  query: Sql['query'],
  body: AppointmentBody,
  request: { ip: string; id: string },
): Promise<Record<string, unknown> | null> {
  const [created] = await query<Record<string, unknown> & { doctorId: number }>(
    `insert into appointments (doctor_id, patient_id, appointment_date, location, duration_minutes,
       requested_by, created_at, updated_at)
     select u.id, $2, $3, $4, 30, u.id, now(), now() from users u where u.username = $1
     returning ${appointmentColumns}`,
    [body.doctorUsername, body.patientId, body.appointmentDate, body.location],
  );
  if (!created) return null;
  const notices = await query<{ id: number; userId: number }>(
    `insert into notifications (user_id, message, kind, link, at, created_at)
     select account_user_id, $2, 'appointment', '/patient-appointments', $3, now()
     from patients where id = $1 and account_user_id is not null and account_user_id <> $4
     returning id, user_id as "userId"`,
    [
      body.patientId,
      `New appointment on ${AT_PLACEHOLDER} at ${body.location}`,
      body.appointmentDate,
      created.doctorId,
    ],
  );
  if (notices.length > 0) {
    await query('select pg_notify($1, $2)', [
      NOTIFICATION_CHANNEL,
      JSON.stringify({ k: 'created', n: notices.map((n) => [n.id, n.userId]) }),
    ]);
  }
  await query(
    `insert into audit_log (at, user_id, role, action, entity, entity_id, patient_id, outcome, ip, request_id)
     values (now(), $1, 'doctor', 'create', 'appointment', $2, $3, 'success', $4, $5)`,
    [created.doctorId, String(created.id), body.patientId, request.ip, request.id],
  );
  return created;
}

/**
 * Builds the floor server on an open database. `asyncAudit`, when given, is a connection pool
 * whose sessions run with synchronous_commit=off: the ladder's last step writes the audit row
 * through it, to show what waiting for the WAL flush on every read costs. `transaction`, when
 * given, serves the write floor.
 */
export function buildFloor(
  db: Sql,
  asyncAudit?: Sql,
  transaction?: InTransaction,
): FastifyInstance {
  const app = Fastify({ logger: false });

  if (transaction) {
    app.post('/floor/appointments', async (request, reply) => {
      const created = await transaction((query) =>
        floorAppointment(query, request.body as AppointmentBody, request),
      );
      if (!created) return reply.status(404).send({ message: 'No such doctor' });
      return reply.status(201).send(created);
    });
  }

  app.get('/floor/patients', async () => db.query(pageQuery));

  app.get('/floor/patients/session', async (request, reply) => {
    const session = await lookupSession(db, request);
    if (!session) return reply.status(401).send({ message: 'Please log in to continue' });
    return db.query(pageQuery);
  });

  const scoped = async (request: FastifyRequest, withAudit: boolean, auditDb: Sql = db) => {
    const session = await lookupSession(db, request);
    if (!session) return null;
    const [items, total] = await Promise.all([
      db.query(
        `select ${columns} from patients where ${scopedWhere} order by last_name, first_name, id limit 50`,
        [session.user_id],
      ),
      db.query<{ n: number }>(`select count(*)::int as n from patients where ${scopedWhere}`, [
        session.user_id,
      ]),
    ]);
    if (withAudit) {
      await auditDb.query(
        `insert into audit_log (at, user_id, role, action, entity, outcome, ip, request_id)
         values (now(), $1, $2, 'list', 'patient', 'success', $3, $4)`,
        [session.user_id, session.role, request.ip, request.id],
      );
    }
    return { items, total: total[0]!.n };
  };

  app.get('/floor/patients/scope', async (request, reply) => {
    const page = await scoped(request, false);
    if (!page) return reply.status(401).send({ message: 'Please log in to continue' });
    reply.header('X-Total-Count', String(page.total));
    return page.items;
  });

  app.get('/floor/patients/audit', async (request, reply) => {
    const page = await scoped(request, true);
    if (!page) return reply.status(401).send({ message: 'Please log in to continue' });
    reply.header('X-Total-Count', String(page.total));
    return page.items;
  });

  if (asyncAudit) {
    app.get('/floor/patients/audit-async', async (request, reply) => {
      const page = await scoped(request, true, asyncAudit);
      if (!page) return reply.status(401).send({ message: 'Please log in to continue' });
      reply.header('X-Total-Count', String(page.total));
      return page.items;
    });
  }

  return app;
}

// Run as its own process by the bench: the same environment variables as the app
// (DATABASE_URL or DATA_DIR, PORT, HOST).
if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase(config);
  const asyncPool = config.databaseUrl
    ? new pg.Pool({
        connectionString: config.databaseUrl,
        max: 10,
        options: '-c synchronous_commit=off',
      })
    : null;
  const app = buildFloor(
    sqlOf(database),
    asyncPool ? sqlOf({ ...database, pool: asyncPool }) : undefined,
    transactionOf(database),
  );
  const stop = async () => {
    await app.close();
    await asyncPool?.end();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await app.listen({ port: config.port, host: config.host });
  console.log(`FLOOR_READY ${config.port}`);
}
