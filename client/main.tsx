import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { lazy, startTransition, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

// The service worker is registered after the page's load event anyway (app-update.tsx), so its
// code (Workbox's client and the update notice) is not part of the first download. Without a
// connection and without a worker yet there is no update to announce: a failed download shows
// nothing.
const nothing = () => null;
const AppUpdate = lazy(() =>
  import('./app/app-update.tsx').then(
    (module): { default: () => ReactNode } => ({ default: module.AppUpdate }),
    () => ({ default: nothing }),
  ),
);

const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {/* Here rather than in AppProviders: the service worker is registered by the app only. */}
        <Suspense fallback={null}>
          <AppUpdate />
        </Suspense>
      </AppProviders>
    </StrictMode>,
  );
});
