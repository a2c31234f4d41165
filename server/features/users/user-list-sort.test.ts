import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the admin's Users list order", () => {
  let admin: TestUser;
  let made: TestUser[];

  beforeAll(async () => {
    admin = await createUser(db(), { role: 'doctor', privileges: 'admin' });
    made = [
      await createUser(db(), {
        role: 'doctor',
        username: 'sort.zoe',
        secondName: 'Young',
        firstName: 'Zoe',
      }),
      await createUser(db(), {
        role: 'caregiver',
        username: 'sort.amy',
        secondName: 'Young',
        firstName: 'Amy',
      }),
      await createUser(db(), {
        role: 'patient',
        username: 'sort.bob',
        secondName: 'Adams',
        firstName: 'Bob',
      }),
    ];
  });

  async function order(query: string): Promise<number[]> {
    const res = await call(t.app, 'GET', `/api/users?limit=500&q=sort.&${query}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    return (res.json as { id: number }[]).map((u) => u.id);
  }

  it('sorts by name (last, then first), username and role, both ways', async () => {
    const [zoe, amy, bob] = made.map((u) => u.id);
    expect(await order('sort=name')).toEqual([bob, amy, zoe]);
    expect(await order('sort=-name')).toEqual([zoe, amy, bob]);
    expect(await order('sort=username')).toEqual([amy, bob, zoe]);
    expect(await order('sort=-username')).toEqual([zoe, bob, amy]);
    expect(await order('sort=role')).toEqual([amy, zoe, bob]);
    expect(await order('sort=-role')).toEqual([bob, zoe, amy]);
    // Without a sort the list keeps its order: oldest first.
    expect(await order('')).toEqual([zoe, amy, bob]);
  });

  it('an unknown sort is a 400 naming what is allowed', async () => {
    for (const bad of ['email', 'password', '-id', 'name,role']) {
      const res = await call(t.app, 'GET', `/api/users?sort=${bad}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(
        'The sort must be one of: name, -name, username, -username, role, -role.',
      );
    }
  });
});
