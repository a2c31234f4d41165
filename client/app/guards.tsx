import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dashboardPathFor, isSignedIn } from '../../shared/permissions.ts';
import type { Me } from '../../shared/schemas/users.ts';
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
 * Lets a signed-in user through (when `allows` says they may open the screen); guests go to
 * /login. A signed-in user on another role's dashboard is sent to their own; one the screen is
 * not for reads `refused` in its place. The role is the one
 * GET /api/session answers, so editing browser storage changes nothing here.
 */
export function RequireSession({
  allows,
  refused,
  children,
}: {
  allows?: (user: Me) => boolean;
  /** What to show instead of the screen to a user it is not for (null: the screen). */
  refused?: (user: Me) => ReactNode;
  children: ReactNode;
}) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Loading />;
  if (!isSignedIn(user)) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  if (allows && !allows(user)) return <Navigate to={dashboardPathFor(user.role)} replace />;
  return <>{refused?.(user) ?? children}</>;
}

/** For /login and /signup: a signed-in user goes to their dashboard instead. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Loading />;
  if (isSignedIn(user)) return <Navigate to={dashboardPathFor(user.role)} replace />;
  return <>{children}</>;
}
