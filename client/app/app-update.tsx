import { useRegisterSW } from 'virtual:pwa-register/react';
import {
  AppUpdateNotice,
  checkForUpdates,
  reloadWhenNewVersionTakesOver,
} from './app-update-notice.tsx';

const ignore = () => undefined;

/**
 * Registers the service worker that vite.config.ts builds (in the dev server the plugin's
 * module does nothing) and says when a new version has been downloaded and waits. The new
 * worker takes over only when the user presses Reload, and the page then reloads once, so a
 * page never runs old and new files together. Mounted by client/main.tsx only: the
 * module exists in a Vite build, not in the unit tests (they render AppUpdateNotice).
 */
export function AppUpdate() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page's load event: the worker's first download (every screen's files) never
    // competes with the first screen's own.
    immediate: false,
    onNeedRefresh: reloadWhenNewVersionTakesOver,
    // reloadWhenNewVersionTakesOver reloads the page itself, once.
    onNeedReload: ignore,
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdates(registration);
    },
  });
  // Asks the waiting worker to take over; the page reloads when it has. A second press only
  // repeats the request.
  const reload = () => void updateServiceWorker(true).catch(ignore);
  return <AppUpdateNotice needRefresh={needRefresh} onReload={reload} />;
}
