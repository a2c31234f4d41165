import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { defaultFontSize } from '../../shared/settings.ts';
import { SessionProvider, useSession } from '../lib/auth.tsx';
import { usePreviewSettings } from '../lib/preview-settings.ts';
import { buildTheme } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

/** Applies the signed-in user's stored settings (dark mode, font size) to the whole UI. */
function UserTheme({ children }: { children: ReactNode }) {
  const { user } = useSession();
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
      {/* The seed's notice behaviour, option for option. */}
      <ToastContainer
        position="top-right"
        autoClose={5000}
        hideProgressBar={false}
        newestOnTop={false}
        closeOnClick
        pauseOnHover
        pauseOnFocusLoss
        draggable
        theme={darkMode ? 'dark' : 'light'}
      />
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <UserTheme>{children}</UserTheme>
      </SessionProvider>
    </QueryClientProvider>
  );
}
