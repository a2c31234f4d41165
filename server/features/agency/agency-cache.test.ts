import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencySettings } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { writeAgencySettings } from '../../test/agency-settings.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  AgencySettingsCache,
  agencySettingsCacheOf,
  defaultAgencySettings,
  loadAgencySettings,
} from '../clinical-common/agency-settings.ts';

describe('the agency settings cache', () => {
  it('serves only while it hears every change, and keeps no read older than one', () => {
    let wall = 1_000_000;
    const cache = new AgencySettingsCache(() => wall);
    const london = { ...defaultAgencySettings(), timeZone: 'Europe/London' };
    cache.store(london, cache.generation);
    expect(cache.get()).toBeNull();
    cache.setLive(true);
    cache.store(london, cache.generation);
    expect(cache.get()?.timeZone).toBe('Europe/London');
    // What it hands out cannot be changed by a caller.
    expect(Object.isFrozen(cache.get())).toBe(true);

    // A read in flight while a change was announced is not kept.
    const before = cache.generation;
    cache.heard();
    expect(cache.get()).toBeNull();
    cache.store(london, before);
    expect(cache.get()).toBeNull();

    // A change made here: nothing is kept until its announcement is heard (or a minute passes).
    cache.changing();
    cache.store(london, cache.generation);
    expect(cache.get()).toBeNull();
    cache.heard();
    cache.store(london, cache.generation);
    expect(cache.get()).not.toBeNull();
    cache.changing();
    wall += 60_001;
    cache.store(london, cache.generation);
    expect(cache.get()).not.toBeNull();

    cache.setLive(false);
    expect(cache.get()).toBeNull();
  });
});

describe('agency settings read through the cache', () => {
  let t: TestApp;
  let admin: TestUser;
  const zoneRead = async () =>
    (await call(t.app, 'GET', '/api/agency-settings', { token: admin.token })).json.timeZone;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
  });
  afterAll(() => t.close());

  it('reads the row once, then serves it until a change is announced', async () => {
    const cache = agencySettingsCacheOf(t.app.db)!;
    expect(cache.live).toBe(true);
    const heard = cache.heardCount;
    const put = await call(t.app, 'PUT', '/api/agency-settings', {
      token: admin.token,
      body: { timeZone: 'Europe/London', doseWindowMinutes: 60, doseMissedAfterMinutes: 240 },
    });
    expect(put.status).toBe(200);
    // The very next request sees the change made through the app.
    expect(await zoneRead()).toBe('Europe/London');
    // Until its own announcement is heard, this instance keeps no copy; then it keeps one again.
    await expect.poll(() => cache.heardCount).toBeGreaterThan(heard);
    expect(await zoneRead()).toBe('Europe/London');

    // Changed with the announcement switched off: the cached row still answers, which shows the
    // read was not repeated.
    await t.app.db.execute(
      sql`alter table agency_settings disable trigger agency_settings_announce`,
    );
    await t.app.db.update(agencySettings).set({ timeZone: 'Asia/Tokyo' });
    await t.app.db.execute(
      sql`alter table agency_settings enable trigger agency_settings_announce`,
    );
    expect(await zoneRead()).toBe('Europe/London');
    // A transaction always reads the row itself.
    expect(await t.app.db.transaction((tx) => loadAgencySettings(tx))).toMatchObject({
      timeZone: 'Asia/Tokyo',
    });

    // Any change written straight into the database (a script, psql) is announced by the
    // table's trigger and reaches the next request.
    await writeAgencySettings(t.app.db, () =>
      t.app.db.update(agencySettings).set({ timeZone: 'America/New_York' }),
    );
    expect(await zoneRead()).toBe('America/New_York');
    await writeAgencySettings(t.app.db, () => t.app.db.delete(agencySettings));
    expect(await zoneRead()).toBe(defaultAgencySettings().timeZone);
  });
});
