import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAltOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { appUpdateTexts } from '../../shared/messages.ts';

/** How often an open app asks the server whether a new version was published. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

const ignore = () => undefined;

/**
 * Asks the browser to look for a new service worker every hour while online: a caregiver may
 * keep the installed app open all day, and the browser looks by itself only when a page opens.
 */
export function checkForUpdates(registration: Pick<ServiceWorkerRegistration, 'update'>) {
  setInterval(() => {
    if (navigator.onLine) registration.update().catch(ignore);
  }, UPDATE_CHECK_MS);
}

let reloadArmed = false;

/**
 * Once a new version waits: reload the page, once, when a new worker takes charge of it (after
 * Reload here or in another tab of the app), so the page never runs old files under the new
 * worker. The reload is ours rather than the plugin's: the plugin reloads only a page that had
 * a worker when it registered, and the first worker takes charge of the page it came from.
 */
export function reloadWhenNewVersionTakesOver(): void {
  if (reloadArmed || !('serviceWorker' in navigator)) return;
  reloadArmed = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
}

/**
 * "A new version of ElderCare is ready." with a Reload button, while a new version waits. A
 * polite status region, always in the page, so a screen reader hears the notice without focus
 * moving. It sits at the bottom: at the left on a wide screen (the connection notice takes the
 * middle), full width on a phone.
 */
export function AppUpdateNotice({
  needRefresh,
  onReload,
}: {
  needRefresh: boolean;
  onReload: () => void;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="app-update"
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        left: 24,
        bottom: 24,
        maxWidth: 'min(560px, calc(100vw - 48px))',
        [theme.breakpoints.down('sm')]: { left: 12, right: 12, bottom: 12, maxWidth: 'none' },
      })}
    >
      {needRefresh && (
        <Paper
          elevation={6}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1.5,
            px: 2,
            py: 1.25,
          }}
        >
          <SystemUpdateIcon color="primary" aria-hidden />
          <Typography component="p" sx={{ flex: '1 1 12em', fontWeight: 600 }}>
            {appUpdateTexts.ready}
          </Typography>
          <Button
            variant="contained"
            onClick={onReload}
            sx={{ minHeight: 44, minWidth: 44, flex: '0 0 auto' }}
          >
            {appUpdateTexts.reload}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
