import { CssBaseline, ThemeProvider } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { defaultFontSize } from '../../shared/settings.ts';
import { ConnectionBanner } from '../components/connection-banner.tsx';
import { SessionProvider, useSession } from '../lib/auth.tsx';
import { requestToasts, useToastsWanted } from '../lib/notify.ts';
import { usePreviewSettings } from '../lib/preview-settings.ts';
import { buildTheme } from './theme.ts';

// The toast library is only needed once a notice is shown or someone signs in.
const Toasts = lazy(() => import('./toasts.tsx'));

/** Applies the signed-in user's stored settings (dark mode, font size) to the whole UI. */
function UserTheme({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const toastsWanted = useToastsWanted();
  useEffect(() => {
    if (user) requestToasts();
  }, [user]);
  const preview = usePreviewSettings();
  const darkMode = preview.darkMode ?? user?.settings.darkMode ?? false;
  const fontSize =
    preview.fontSize ?? user?.settings.fontSize ?? defaultFontSize(user?.role ?? 'guest');
  const theme = useMemo(
    () => buildTheme(darkMode ? 'dark' : 'light', fontSize),
    [darkMode, fontSize],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <ConnectionBanner />
      {(toastsWanted || user) && (
        <Suspense fallback={null}>
          <Toasts theme={darkMode ? 'dark' : 'light'} />
        </Suspense>
      )}
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <UserTheme>{children}</UserTheme>
    </SessionProvider>
  );
}
