import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedDemo } from './demo.ts';

/**
 * Fills the configured database (DATA_DIR or DATABASE_URL) with the demo agency once, then
 * closes it so the server can open it. Prints one `DEMO_RESULT {json}` line for scripts/demo.mjs.
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  const started = Date.now();
  const result = await seedDemo(database.db, { now: new Date() });
  console.log(`DEMO_RESULT ${JSON.stringify({ ...result, ms: Date.now() - started })}`);
} finally {
  await database.close();
}
