import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { apiErrors, screenAccessTexts } from '../../shared/messages.ts';
import { dashboardPathFor } from '../../shared/permissions.ts';
import type { Me } from '../../shared/schemas/users.ts';
import { PageHeader } from '../components/page-header.tsx';
import type { Screen } from './navigation.ts';

/**
 * What someone reads who opens a screen that is not part of their work: its title, why, and
 * the way back to their dashboard, in place of the error of a list the server would refuse.
 */
export function ScreenRefused({ screen, user }: { screen: Screen; user: Me }) {
  return (
    <>
      <PageHeader title={screen.sidebar?.label ?? screenAccessTexts.title} />
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
          {apiErrors.forbidden}. {screen.refusal ?? screenAccessTexts.refused}
        </Alert>
        <Button
          component={RouterLink}
          to={dashboardPathFor(user.role)}
          variant="contained"
          sx={{ minHeight: 44 }}
        >
          {screenAccessTexts.toDashboard}
        </Button>
      </Stack>
    </>
  );
}
