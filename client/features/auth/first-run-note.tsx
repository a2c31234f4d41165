import { Alert, AlertTitle, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { invitationTexts } from '../../../shared/messages.ts';
import { authLinkSx } from './auth-card.tsx';

/**
 * On an empty database (no account yet), /login says that the first account becomes the agency's
 * administrator and links to Sign Up. The login page asks whether the database is empty and shows
 * this note only then.
 */
export function FirstRunNote() {
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="note">
      <AlertTitle>{invitationTexts.firstRunTitle}</AlertTitle>
      {invitationTexts.firstRunNote}{' '}
      {/* The alert's own text colour: the link blue on its pale blue is under 4.5:1. */}
      <Link
        component={RouterLink}
        to="/signup"
        color="inherit"
        sx={{ ...authLinkSx, fontWeight: 600 }}
      >
        {invitationTexts.firstRunAction}
      </Link>
    </Alert>
  );
}
