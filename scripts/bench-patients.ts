/**
 * How long the Patients page's first call takes with 10,000 patients on the embedded database.
 * Not part of `npm test` (timing belongs in benchmarks):
 *
 *   node --import tsx scripts/bench-patients.ts [patients=10000] [rounds=60]
 *
 * Opens a fresh in-memory PGlite, bulk-inserts the patients in one statement, puts one doctor on
 * 50 care teams and another on 2,000, and times GET /api/patients?limit=25 through the real app
 * (routing, session lookup, scope query, count, audit row) for a supervisor and the doctors.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { wrapPglite } from '../server/db/client.ts';
import { createUser } from '../server/test/factories.ts';

const patientCount = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 60);

const database = await wrapPglite(await PGlite.create());
const app = await buildApp({
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/nonexistent',
    logLevel: 'silent',
    trustProxy: false,
    cookieSecure: 'false',
  },
  database,
  clientRoot: '/nonexistent-client',
});
const { db } = database;

const started = performance.now();
await db.execute(sql`
  insert into patients (first_name, last_name, dob, gender, address, phone_number,
    emergency_contact, emergency_contact_phone, created_at, updated_at)
  select (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','John'])[1 + g % 8],
         'Patient' || lpad(g::text, 5, '0'),
         date '1930-01-01' + (g % 20000),
         (array['Male','Female','Other'])[1 + g % 3],
         g || ' Elm Street', '555-' || lpad(g::text, 5, '0'), 'Kin ' || g, '555-0000', now(), now()
  from generate_series(1, ${patientCount}) g`);
const now = new Date();
const supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor', now });
const small = await createUser(db, { role: 'doctor', now });
const large = await createUser(db, { role: 'doctor', now });
await db.execute(sql`insert into care_team_members (patient_id, user_id)
  select id, ${small.id} from patients where id % ${Math.floor(patientCount / 50)} = 0`);
await db.execute(sql`insert into care_team_members (patient_id, user_id)
  select id, ${large.id} from patients where id % 5 = 0`);
await db.execute(sql`analyze`);
console.log(
  `inserted ${patientCount} patients and care teams in ${Math.round(performance.now() - started)} ms`,
);

async function time(label: string, token: string, url: string) {
  const timings: number[] = [];
  let total = '';
  for (let i = 0; i < rounds + 5; i += 1) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    total = String(res.headers['x-total-count']);
    if (i >= 5) timings.push(ms); // the first few warm up the query plans
  }
  timings.sort((a, b) => a - b);
  const pick = (q: number) =>
    timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!;
  const mean = timings.reduce((a, b) => a + b, 0) / timings.length;
  console.log(
    `${label.padEnd(44)} total=${total.padStart(5)}  p50=${pick(0.5).toFixed(1)} ms  p95=${pick(0.95).toFixed(1)} ms  mean=${mean.toFixed(1)} ms`,
  );
}

await time('supervisor GET /api/patients?limit=25', supervisor.token, '/api/patients?limit=25');
await time('doctor (50 patients) ?limit=25', small.token, '/api/patients?limit=25');
await time('doctor (2,000 patients) ?limit=25', large.token, '/api/patients?limit=25');
await time(
  'supervisor ?limit=25&offset=9000',
  supervisor.token,
  '/api/patients?limit=25&offset=9000',
);
await time('supervisor ?limit=25&q=grace', supervisor.token, '/api/patients?limit=25&q=grace');
await time('doctor (2,000) ?limit=25&q=grace', large.token, '/api/patients?limit=25&q=grace');

await app.close();
await database.close();
