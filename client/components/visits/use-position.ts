import { useCallback, useState } from 'react';
import { visitDayTexts } from '../../../shared/messages.ts';
import type { VisitLocation } from '../../../shared/schemas/visits.ts';

/** How long the browser may take to find the position before the visit goes on without it. */
export const POSITION_TIMEOUT_MS = 10_000;
/** A position found in the last minute is good enough (the caregiver is at the door). */
export const POSITION_MAX_AGE_MS = 60_000;
/** The schema's bound on accuracy, in metres. */
const MAX_ACCURACY = 100_000;

/**
 * Asks the browser for the position once. Never fails: allowed gives 'shared' with the
 * coordinates and their accuracy, denied gives 'refused', and an error, a timeout or a browser
 * without geolocation gives 'unavailable'. A browser that never answers (a prompt left open) is
 * given up on a little after the timeout, so a check-in never waits for ever.
 */
export function requestPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): Promise<VisitLocation> {
  if (!geolocation?.getCurrentPosition) return Promise.resolve({ status: 'unavailable' });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (location: VisitLocation) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(location);
    };
    const guard = setTimeout(() => finish({ status: 'unavailable' }), POSITION_TIMEOUT_MS + 2_000);
    try {
      geolocation.getCurrentPosition(
        (position) => {
          const { latitude, longitude, accuracy } = position.coords;
          if (![latitude, longitude, accuracy].every(Number.isFinite)) {
            finish({ status: 'unavailable' });
            return;
          }
          finish({
            status: 'shared',
            latitude,
            longitude,
            accuracy: Math.min(Math.max(accuracy, 0), MAX_ACCURACY),
          });
        },
        // 1 is PERMISSION_DENIED; 2 (position unavailable) and 3 (timeout) are not a refusal.
        (error) => finish({ status: error.code === 1 ? 'refused' : 'unavailable' }),
        { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
      );
    } catch {
      finish({ status: 'unavailable' });
    }
  });
}

/** What was recorded, in words: "position shared (±12 m)" or "position not shared". */
export function positionText(
  status: VisitLocation['status'] | null,
  accuracy: number | null | undefined,
): string {
  if (status === 'shared') return visitDayTexts.positionShared(Math.round(accuracy ?? 0));
  if (status === 'refused') return visitDayTexts.positionNotShared;
  return visitDayTexts.positionUnavailable;
}

/** `requestPosition` with whether it is under way, for a dialog to say "Asking…". */
export function usePosition() {
  const [asking, setAsking] = useState(false);
  const request = useCallback(async () => {
    setAsking(true);
    try {
      return await requestPosition();
    } finally {
      setAsking(false);
    }
  }, []);
  return { asking, request };
}
