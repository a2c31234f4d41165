import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession } from './guards.tsx';
import { RouteError } from './route-error.tsx';

/** Every screen is its own chunk, so /login does not load calendars or tables. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

interface Screen {
  path: string;
  /** Dashboards need the matching role; every other screen only a session. */
  role?: 'doctor' | 'caregiver' | 'patient';
  load: () => Promise<{ default: React.ComponentType }>;
}

const screens: Screen[] = [
  {
    path: '/dashboard',
    role: 'doctor',
    load: () => import('../features/dashboards/doctor-dashboard-page.tsx'),
  },
  {
    path: '/caregiver-dashboard',
    role: 'caregiver',
    load: () => import('../features/dashboards/caregiver-dashboard-page.tsx'),
  },
  {
    path: '/patient-dashboard',
    role: 'patient',
    load: () => import('../features/dashboards/patient-dashboard-page.tsx'),
  },
  { path: '/patients', load: () => import('../features/patients/patients-page.tsx') },
  { path: '/patients/:id', load: () => import('../features/patients/patient-detail-page.tsx') },
  { path: '/appointments', load: () => import('../features/appointments/appointments-page.tsx') },
  {
    path: '/patient-appointments',
    load: () => import('../features/appointments/patient-appointments-page.tsx'),
  },
  {
    path: '/medical-records',
    load: () => import('../features/medical-records/medical-records-page.tsx'),
  },
  {
    path: '/progress-report',
    load: () => import('../features/progress-reports/progress-report-page.tsx'),
  },
  {
    path: '/prescriptions-medication',
    load: () => import('../features/prescriptions/prescriptions-medication-page.tsx'),
  },
  { path: '/settings', load: () => import('../features/settings/settings-page.tsx') },
  { path: '/profile', load: () => import('../features/profile/profile-page.tsx') },
  {
    path: '/notifications',
    load: () => import('../features/notifications/notifications-page.tsx'),
  },
  { path: '/users', load: () => import('../features/users/users-page.tsx') },
  { path: '/audit', load: () => import('../features/audit/audit-page.tsx') },
  { path: '/access-log', load: () => import('../features/audit/access-log-page.tsx') },
  {
    path: '/deleted-records',
    load: () => import('../features/deleted-records/deleted-records-page.tsx'),
  },
];

const signedIn: RouteObject[] = screens.map(({ path, role, load }) => ({
  path,
  lazy: async () => {
    const { Component } = await lazyPage(load)();
    return {
      Component: () => (
        <RequireSession role={role}>
          <Component />
        </RequireSession>
      ),
    };
  },
}));

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    path: '/login',
    lazy: lazyPage(() => import('../features/auth/login-page.tsx')),
    errorElement: <RouteError />,
  },
  {
    path: '/signup',
    lazy: lazyPage(() => import('../features/auth/signup-page.tsx')),
    errorElement: <RouteError />,
  },
  // The seed's patient sidebar pointed here; the real route is /patient-dashboard.
  { path: '/user-dashboard', element: <Navigate to="/patient-dashboard" replace /> },
  {
    // The signed-in frame (top bar, sidebar, notification stream) is its own chunk too, so the
    // login screen never downloads it.
    lazy: async () => ({ Component: (await import('./layout.tsx')).AppLayout }),
    errorElement: <RouteError />,
    children: signedIn,
  },
  { path: '*', lazy: lazyPage(() => import('./not-found-page.tsx')) },
]);
