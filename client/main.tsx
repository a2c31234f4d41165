import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { notices } from '../shared/messages.ts';
import { AppProviders, queryClient } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { setSessionEndedHandler } from './lib/api.ts';
import { clearSessionData } from './lib/auth.tsx';
import { notify } from './lib/notify.ts';

setSessionEndedHandler(() => {
  clearSessionData(queryClient);
  notify('info', notices.sessionExpired, { toastId: 'session-ended' });
  void router.navigate('/login', { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
