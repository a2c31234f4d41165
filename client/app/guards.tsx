import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dashboardPathFor, type EffectiveRole } from '../../shared/permissions.ts';
import { useSession } from '../lib/auth.tsx';

export function Loading() {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', p: 6 }}
      role="status"
      aria-label="Loading"
    >
      <CircularProgress />
    </Box>
  );
}

/**
 * Lets a signed-in user through (with the given role, when one is named); guests go to /login.
 * A signed-in user on another role's dashboard is sent to their own. The role is the one
 * GET /api/users/me answers, so editing browser storage changes nothing here.
 */
export function RequireSession({ role, children }: { role?: EffectiveRole; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Loading />;
  if (!user || user.role === 'guest') {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  if (role && user.role !== role) return <Navigate to={dashboardPathFor(user.role)} replace />;
  return <>{children}</>;
}

/** For /login and /signup: a signed-in user goes to their dashboard instead. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Loading />;
  if (user && user.role !== 'guest') return <Navigate to={dashboardPathFor(user.role)} replace />;
  return <>{children}</>;
}
