import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { notices } from '../../shared/messages.ts';
import { setSessionEndedHandler } from '../lib/api.ts';
import { clearSessionData } from '../lib/auth.tsx';
import { notify } from '../lib/notify.ts';
import { Loading, RequireSession } from './guards.tsx';
import { dashboardAllows, mayOpen, publicScreens, screens, type Screen } from './navigation.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { RouteFocus } from './route-focus.tsx';

// The declarative router (<BrowserRouter> with <Routes>) is used rather than the data router:
// the app has no loaders or actions, and the data router would add about 16 KB to the login
// screen. Every screen is its own chunk, so /login does not load calendars or tables.

const loadLayout = () => import('./layout.tsx');
// Only someone opening a screen that is not for them needs it.
const ScreenRefused = lazy(() =>
  import('./screen-refused.tsx').then((module) => ({ default: module.ScreenRefused })),
);
const AppLayout = lazy(() => loadLayout().then((module) => ({ default: module.AppLayout })));

const ignore = () => undefined;

/**
 * Starts downloading what the screen at `pathname` needs (the signed-in frame and the page)
 * at once and side by side, while the session is read, rather than each when the one before
 * it has rendered. A failure here is left to React.lazy: it asks for the same module when the
 * screen renders, and its error boundary says so.
 */
function preloadScreen(pathname: string): void {
  const screen = screens.find(({ path }) => matchPath(path, pathname));
  if (screen) {
    loadLayout().catch(ignore);
    screen.load().catch(ignore);
    return;
  }
  publicScreens
    .find(({ path }) => path !== '*' && matchPath(path, pathname))
    ?.load()
    .catch(ignore);
}

preloadScreen(window.location.pathname);

/** Preloads each screen navigated to (a dashboard right after login, say). */
function PreloadScreen() {
  const { pathname } = useLocation();
  useEffect(() => preloadScreen(pathname), [pathname]);
  return null;
}

const pageOf = ({ load }: Pick<Screen, 'load'>) => lazy(load);
const signedInPages = screens.map((screen) => ({ ...screen, Page: pageOf(screen) }));
const publicPages = publicScreens.map((screen) => ({ ...screen, Page: pageOf(screen) }));

/**
 * A screen's chunk and render, caught: a failed download or a render error shows a message
 * with Reload instead of a blank page. Moving to another screen clears the message.
 */
function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * When the server says the session ended, everything the user had loaded is forgotten, a
 * notice says why, and the next screen is /login.
 */
function SessionEndedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionEndedHandler(() => {
      clearSessionData();
      notify('info', notices.sessionExpired, { toastId: 'session-ended' });
      void navigate('/login', { replace: true });
    });
    return () => setSessionEndedHandler(undefined);
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <SessionEndedRedirect />
      <PreloadScreen />
      <RouteFocus />
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        {/* The seed's patient sidebar pointed here; the real route is /patient-dashboard. */}
        <Route path="/user-dashboard" element={<Navigate to="/patient-dashboard" replace />} />
        {/*
          The signed-in frame (top bar, sidebar, notification stream) is its own chunk too, so
          the login screen never downloads it.
        */}
        <Route
          element={
            <ScreenBoundary>
              <AppLayout />
            </ScreenBoundary>
          }
        >
          {signedInPages.map(({ Page, ...screen }) => (
            <Route
              key={screen.path}
              path={screen.path}
              element={
                <ScreenBoundary>
                  <RequireSession
                    allows={(user) => dashboardAllows(screen, user)}
                    refused={(user) =>
                      mayOpen(screen, user) ? null : <ScreenRefused screen={screen} user={user} />
                    }
                  >
                    <Page />
                  </RequireSession>
                </ScreenBoundary>
              }
            />
          ))}
        </Route>
        {publicPages.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <ScreenBoundary>
                <Page />
              </ScreenBoundary>
            }
          />
        ))}
      </Routes>
    </>
  );
}
