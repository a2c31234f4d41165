import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRateLimits, loadConfig } from './config.ts';

describe('configuration', () => {
  it('TRUST_PROXY=true is refused at start with what to use instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
  });

  it('TRUST_PROXY takes a hop count or a list of addresses and CIDR ranges; false by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect(hops('10.0.0.1', 0)).toBe(true);
      expect(hops('203.0.113.9', 1)).toBe(false);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
    ]);
    for (const bad of ['yes', '0', '10.0.0.1/33', 'proxy.local']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('listens on loopback by default; HOST exposes it', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('anonymous rate limits have safe defaults and can be raised', () => {
    expect(loadConfig({}).rateLimits).toEqual(defaultRateLimits);
    expect(loadConfig({ SIGNUP_RATE_LIMIT: '500' }).rateLimits?.signUpsPerHour).toBe(500);
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: '0' })).toThrow(/LOGIN_RATE_LIMIT/);
  });

  it('dose alerts are looked for every minute by default; DOSE_TICK_MS changes it within bounds', () => {
    expect(loadConfig({}).doseTickMs).toBe(60_000);
    expect(loadConfig({ DOSE_TICK_MS: '5000' }).doseTickMs).toBe(5000);
    for (const bad of ['999', '3600001', '1.5', 'soon']) {
      expect(() => loadConfig({ DOSE_TICK_MS: bad }), bad).toThrow(/DOSE_TICK_MS/);
    }
  });

  it('visit alerts are looked for every minute by default; VISIT_TICK_MS changes it within bounds', () => {
    expect(loadConfig({}).visitTickMs).toBe(60_000);
    expect(loadConfig({ VISIT_TICK_MS: '5000' }).visitTickMs).toBe(5000);
    for (const bad of ['999', '3600001', '1.5', 'soon']) {
      expect(() => loadConfig({ VISIT_TICK_MS: bad }), bad).toThrow(/VISIT_TICK_MS/);
    }
  });

  it('PostgreSQL connections time out after 5 s and statements after 30 s by default, within bounds', () => {
    expect(loadConfig({})).toMatchObject({
      databaseConnectTimeoutMs: 5000,
      databaseStatementTimeoutMs: 30_000,
    });
    expect(
      loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_STATEMENT_TIMEOUT_MS: '0' }),
    ).toMatchObject({ databaseConnectTimeoutMs: 2000, databaseStatementTimeoutMs: 0 });
    for (const bad of ['0', '99', '600001', '1.5', 'soon']) {
      expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: bad }), bad).toThrow(
        /DATABASE_CONNECT_TIMEOUT_MS/,
      );
    }
    for (const bad of ['-1', '99', '3600001', '1.5', 'soon']) {
      expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: bad }), bad).toThrow(
        /DATABASE_STATEMENT_TIMEOUT_MS/,
      );
    }
  });
});
