import { Alert, AlertTitle, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { invitationTexts } from '../../../shared/messages.ts';
import { authLinkSx } from './auth-card.tsx';
import { useSignUpStatus } from './api/sign-up-status.ts';

/**
 * On an empty database (no account yet), /login says that the first account becomes the agency's
 * administrator and links to Sign Up. Shows nothing otherwise, or while the answer is on its way.
 */
export function FirstRunNote() {
  const { data } = useSignUpStatus();
  if (!data?.firstRun) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="note">
      <AlertTitle>{invitationTexts.firstRunTitle}</AlertTitle>
      {invitationTexts.firstRunNote}{' '}
      <Link component={RouterLink} to="/signup" sx={authLinkSx}>
        {invitationTexts.firstRunAction}
      </Link>
    </Alert>
  );
}
