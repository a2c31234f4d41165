import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppUpdate } from './app/app-update.tsx';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {/* Here rather than in AppProviders: the service worker is registered by the app only. */}
        <AppUpdate />
      </AppProviders>
    </StrictMode>,
  );
});
