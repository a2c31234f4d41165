import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  can,
  seesOwnRecordOnly,
  type EffectiveRole,
  type Privilege,
} from '../../shared/permissions.ts';
import { useSession } from '../lib/auth.tsx';

/** The path of a patient's chart. */
export const chartPathOf = (patientId: number) => `/patients/${patientId}`;

/**
 * Whether the user may open a patient's chart: the chart screen's permission ('patients:read',
 * as its entry in client/app/navigation.ts declares), and for a patient account only its own
 * record. A link the user could not follow is not offered.
 */
export function mayOpenChart(
  user: { role: EffectiveRole; privileges: Privilege; patientId: number | null } | null | undefined,
  patientId: number,
): boolean {
  if (!can(user, 'patients:read')) return false;
  return !seesOwnRecordOnly(user) || user!.patientId === patientId;
}

/**
 * A patient's name (or id) as a link to their chart, for users who may open it; plain text for
 * others. A real link: it takes the keyboard focus, shows a focus ring, and is underlined so it
 * is told apart by more than its colour (the line deepens on hover and focus).
 */
export function PatientLink({ patientId, children }: { patientId: number; children: ReactNode }) {
  const { user } = useSession();
  if (!mayOpenChart(user, patientId)) return <>{children}</>;
  return (
    <Link
      component={RouterLink}
      to={chartPathOf(patientId)}
      underline="always"
      sx={{
        fontWeight: 500,
        borderRadius: 0.5,
        // A 40 px target wherever the name stands (a table cell, a card line).
        display: 'inline-flex',
        alignItems: 'center',
        minHeight: 40,
        '&:hover, &:focus-visible': {
          textDecorationColor: 'currentColor',
          textDecorationThickness: '2px',
        },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Link>
  );
}
