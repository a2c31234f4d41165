import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
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

/**
 * Builds the floor server on an open database. `asyncAudit`, when given, is a connection pool
 * whose sessions run with synchronous_commit=off: the ladder's last step writes the audit row
 * through it, to show what waiting for the WAL flush on every read costs.
 */
export function buildFloor(db: Sql, asyncAudit?: Sql): FastifyInstance {
  const app = Fastify({ logger: false });

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
