import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/app.ts';
import { expectedStatus, routeRules, type Rule } from '../test/authorization-rules.ts';
import { createUser } from '../test/factories.ts';
import { SecurityWorld, type Principal, type Which } from '../test/security-world.ts';
import { listenLocally, openEventStream } from '../test/sse.ts';

/**
 * Every /api route × role × privilege × own / other / missing record, the expected answer
 * derived from the permission table and the patient scope (server/test/authorization-rules.ts).
 * Routes come from the access plugin's list, so a new route fails here until it has a rule.
 */

interface Declared {
  key: string;
  method: string;
  url: string;
  access: string | undefined;
}

interface Outcome {
  key: string;
  principal: string;
  which: Which;
  expected: number;
  status: number;
  body: string;
}

const whichOf = (rule: Rule): Which[] => (rule.targeted ? ['own', 'other', 'missing'] : ['own']);

describe('authorization matrix', () => {
  let t: TestApp;
  let w: SecurityWorld;
  let declared: Declared[];
  let outcomes: Outcome[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    w = await new SecurityWorld(t).setup();
    declared = t.app.routeDeclarations
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .map((r) => ({ key: `${r.method} ${r.url}`, ...r }));
  });
  afterAll(() => t?.close());

  async function runCase(route: Declared, rule: Rule, p: Principal, which: Which) {
    const expected = expectedStatus(route.access, rule, p, which);
    const fresh = Boolean(rule.mutates) && expected >= 200 && expected < 300;
    const request = await rule.request({ w, p, which, fresh });
    let status: number;
    let body: string;
    if (rule.stream && expected === 200) {
      // app.inject waits for the end of a response, which a stream never reaches.
      const base = await listenLocally(t.app);
      const stream = await openEventStream(`${base}${request.url}`, p.user?.token);
      status = stream.status;
      body = '';
      stream.close();
    } else {
      const res = await call(t.app, route.method as 'GET', request.url, {
        token: p.user?.token,
        body: request.body,
      });
      status = res.status;
      body = res.response.body;
    }
    outcomes.push({ key: route.key, principal: p.key, which, expected, status, body });
  }

  it('has an expectation rule for every /api route, and no rule for a route that is gone', () => {
    expect(declared.length).toBeGreaterThan(60);
    const missing = declared.filter((r) => !routeRules[r.key]).map((r) => r.key);
    expect(missing, 'routes without an expectation rule').toEqual([]);
    const known = new Set(declared.map((r) => r.key));
    expect(Object.keys(routeRules).filter((key) => !known.has(key))).toEqual([]);
  });

  it('answers every case as the permission table and the scope say', async () => {
    outcomes = [];
    const covered = declared.filter((r) => routeRules[r.key]);
    const ordinary = covered.filter((r) => !routeRules[r.key]!.public && !routeRules[r.key]!.last);
    const last = covered.filter((r) => routeRules[r.key]!.last);
    const publicRoutes = covered.filter((r) => routeRules[r.key]!.public);

    for (const p of w.principals) {
      for (const route of ordinary) {
        const rule = routeRules[route.key]!;
        for (const which of whichOf(rule)) await runCase(route, rule, p, which);
      }
    }
    for (const p of w.principals) {
      for (const route of last) await runCase(route, routeRules[route.key]!, p, 'own');
    }
    // A public route does not look at who calls; login also ends a session presented with it,
    // and sign-up and login are rate-limited per address, so one signed-in caller stands for all.
    const signedIn = await createUser(t.app.db, { role: 'doctor', privileges: 'editor' });
    const anonymous = w.principals.find((p) => p.role === 'anonymous')!;
    const publicCallers: Principal[] = [
      anonymous,
      { ...anonymous, key: 'doctor/editor (public)', user: signedIn, session: null },
    ];
    for (const p of publicCallers) {
      for (const route of publicRoutes) await runCase(route, routeRules[route.key]!, p, 'own');
    }

    const mismatches = outcomes
      .filter((o) => o.status !== o.expected)
      .map(
        (o) =>
          `${o.key} as ${o.principal} on ${o.which}: expected ${o.expected}, got ${o.status} ` +
          o.body.slice(0, 160),
      );
    expect(mismatches).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(2000);
  }, 240_000);

  it('answers "other" exactly as "missing" wherever the other record is out of reach', () => {
    expect(outcomes.length, 'runs after the matrix').toBeGreaterThan(0);
    const byCase = new Map(outcomes.map((o) => [`${o.key}|${o.principal}|${o.which}`, o]));
    const differences: string[] = [];
    let compared = 0;
    for (const other of outcomes.filter((o) => o.which === 'other')) {
      const missing = byCase.get(`${other.key}|${other.principal}|missing`)!;
      // A record in reach may answer otherwise (a supervisor may read but not edit a report).
      if (other.expected !== missing.expected) continue;
      if (other.expected >= 200 && other.expected < 300) continue;
      compared += 1;
      if (other.status !== missing.status || other.body !== missing.body) {
        differences.push(
          `${other.key} as ${other.principal}: other ${other.status} ${other.body} / ` +
            `missing ${missing.status} ${missing.body}`,
        );
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(differences).toEqual([]);
  });
});
