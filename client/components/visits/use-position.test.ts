import { afterEach, describe, expect, it, vi } from 'vitest';
import { POSITION_TIMEOUT_MS, positionText, requestPosition } from './use-position.ts';

afterEach(() => {
  vi.useRealTimers();
});

const geolocationOf = (getCurrentPosition: Geolocation['getCurrentPosition']) =>
  ({ getCurrentPosition }) as unknown as Geolocation;

describe('the position at check-in and check-out', () => {
  it('shares the coordinates and their accuracy when allowed, bounded as the schema bounds it', async () => {
    const geo = geolocationOf((ok) =>
      ok({ coords: { latitude: 1, longitude: 2, accuracy: 250_000 } } as GeolocationPosition),
    );
    expect(await requestPosition(geo)).toEqual({
      status: 'shared',
      latitude: 1,
      longitude: 2,
      accuracy: 100_000,
    });
  });

  it('records a refusal as refused, and any other failure as unavailable', async () => {
    const failing = (code: number) =>
      geolocationOf((_ok, fail) => fail?.({ code } as GeolocationPositionError));
    expect(await requestPosition(failing(1))).toEqual({ status: 'refused' });
    expect(await requestPosition(failing(2))).toEqual({ status: 'unavailable' });
    expect(await requestPosition(failing(3))).toEqual({ status: 'unavailable' });
    expect(await requestPosition(undefined)).toEqual({ status: 'unavailable' });
    const throwing = geolocationOf(() => {
      throw new Error('Blocked by policy');
    });
    expect(await requestPosition(throwing)).toEqual({ status: 'unavailable' });
  });

  it('goes on without a position when the browser never answers', async () => {
    vi.useFakeTimers();
    const silent = geolocationOf(() => undefined);
    const answer = requestPosition(silent);
    await vi.advanceTimersByTimeAsync(POSITION_TIMEOUT_MS + 2_000);
    expect(await answer).toEqual({ status: 'unavailable' });
  });

  it('says what was recorded in words', () => {
    expect(positionText('shared', 11.6)).toBe('position shared (±12 m)');
    expect(positionText('refused', null)).toBe('position not shared');
    expect(positionText('unavailable', null)).toBe('position not available');
    expect(positionText(null, null)).toBe('position not available');
  });
});
