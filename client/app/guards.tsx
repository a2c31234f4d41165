import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { EffectiveRole } from '../../shared/permissions.ts';
import { useSession } from '../lib/auth.tsx';

function Loading() {
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
 * The role is the server's, so editing browser storage changes nothing here.
 */
export function RequireSession({ role, children }: { role?: EffectiveRole; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Loading />;
  if (!user || user.role === 'guest') {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  if (role && user.role !== role) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
