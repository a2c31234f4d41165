import AlarmIcon from '@mui/icons-material/Alarm';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeek';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MedicationIcon from '@mui/icons-material/Medication';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PunchClockIcon from '@mui/icons-material/PunchClock';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SettingsIcon from '@mui/icons-material/Settings';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Tooltip } from '../components/tooltip.tsx';
import { QueryClientProvider, useIsRestoring } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isSignedIn } from '../../shared/permissions.ts';
import { offlineTexts } from '../../shared/messages.ts';
import type { Me } from '../../shared/schemas/users.ts';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { useSession } from '../lib/auth.tsx';
import { useOfflineQueue } from '../lib/offline-queue.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { OfflineQueueSync } from '../components/offline-queue-sync.tsx';
import {
  followDeviceNetwork,
  markRestoredStale,
  queryClient,
  readCacheOptions,
} from '../lib/query-client.ts';
import { ReadCacheProvider } from '../lib/read-cache-provider.tsx';
import { DataAge } from '../components/data-age.tsx';
import { visuallyHidden } from '../lib/visually-hidden.ts';
import { useFocusRescue } from '../components/dialog.ts';
import { Loading } from './guards.tsx';
import { sidebarEntriesFor, type ScreenIcon, type SidebarUser } from './navigation.ts';
import { SIDEBAR_WIDTH_VARIABLE } from '../lib/theme-tokens.ts';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN, TOP_BAR_HEIGHT } from './theme.ts';

export interface SidebarLink {
  label: string;
  to: string;
  icon: ReactNode;
}

const icons: Record<ScreenIcon, ReactNode> = {
  dashboard: <DashboardIcon />,
  patients: <PeopleIcon />,
  appointments: <EventIcon />,
  records: <DescriptionIcon />,
  medication: <MedicationIcon />,
  progress: <AssessmentIcon />,
  reminders: <AlarmIcon />,
  notifications: <NotificationsIcon />,
  settings: <SettingsIcon />,
  'access-log': <VisibilityIcon />,
  users: <ManageAccountsIcon />,
  audit: <HistoryIcon />,
  'deleted-records': <RestoreFromTrashIcon />,
  timesheets: <PunchClockIcon />,
  rota: <CalendarViewWeekIcon />,
};

/** The seed's sidebar per role (the patient's Dashboard fixed), plus patient and admin extras. */
export function sidebarLinksFor(user: SidebarUser): SidebarLink[] {
  return sidebarEntriesFor(user).map(({ icon, ...entry }) => ({ ...entry, icon: icons[icon] }));
}

const SIDEBAR_PREF_KEY = 'ec.sidebarOpen';

function readSidebarPref(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_PREF_KEY) !== 'false';
  } catch {
    return true;
  }
}

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function SidebarList({
  links,
  collapsed,
  onNavigate,
}: {
  links: SidebarLink[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label="Main" sx={{ pt: 1 }}>
      {links.map((item) => {
        const selected = isCurrent(pathname, item.to);
        const button = (
          <ListItemButton
            component={RouterLink}
            to={item.to}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            aria-label={collapsed ? item.label : undefined}
            onClick={onNavigate}
            sx={{
              minHeight: 52,
              px: collapsed ? 0 : 2.5,
              justifyContent: collapsed ? 'center' : 'flex-start',
              color: 'inherit',
              '&:hover': { backgroundColor: 'rgba(255,255,255,0.08)' },
              '&.Mui-focusVisible': { outline: '2px solid #FFFFFF', outlineOffset: -2 },
            }}
          >
            <ListItemIcon
              sx={{ color: 'inherit', minWidth: collapsed ? 0 : 44, justifyContent: 'center' }}
            >
              {item.icon}
            </ListItemIcon>
            {!collapsed && <ListItemText primary={item.label} />}
          </ListItemButton>
        );
        return collapsed ? (
          <Tooltip key={item.to} title={item.label} placement="right">
            {button}
          </Tooltip>
        ) : (
          <Box key={item.to}>{button}</Box>
        );
      })}
    </List>
  );
}

/** The account button: Profile, Settings and Logout (exported for its test). */
export function UserMenu({ user }: { user: Me }) {
  const navigate = useNavigate();
  const { logout } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = `${user.firstName} ${user.secondName}`.trim() || user.username;
  const initials = `${user.firstName.charAt(0)}${user.secondName.charAt(0)}`.toUpperCase() || '?';
  const go = async (to: string) => {
    setAnchor(null);
    await navigate(to);
  };
  // Changes kept on this phone and not yet sent stay for this account's next sign-in: say so first.
  const unsent = useOfflineQueue().entries.length;
  const [confirmLogout, setConfirmLogout] = useState(false);
  const signOut = async () => {
    setConfirmLogout(false);
    await logout();
    await navigate('/login', { replace: true });
  };
  const onLogout = async () => {
    setAnchor(null);
    if (unsent > 0) setConfirmLogout(true);
    else await signOut();
  };
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ ml: 1, px: 1, gap: 1 }}
      >
        {/*
          The name is the button's accessible name ("Account of …", its visible words included);
          the initials are a picture of it. On a phone the name is not shown but still read.
        */}
        <Avatar
          aria-hidden
          sx={{ width: '2.25rem', height: '2.25rem', bgcolor: '#2F3136', fontSize: '0.95rem' }}
        >
          {initials}
        </Avatar>
        <Box component="span" sx={visuallyHidden}>
          Account of{' '}
        </Box>
        <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
          {name}
        </Box>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={() => go('/profile')} sx={{ minHeight: 48 }}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem onClick={() => go('/settings')} sx={{ minHeight: 48 }}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>
        <MenuItem onClick={onLogout} sx={{ minHeight: 48 }}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmLogout}
        title={offlineTexts.signOutTitle}
        message={offlineTexts.signOutWarning(unsent)}
        confirmLabel={offlineTexts.signOutAnyway}
        cancelLabel={offlineTexts.stayIn}
        confirmColor="primary"
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => void signOut()}
      />
      <OfflineQueueSync />
    </>
  );
}

const drawerPaper = {
  backgroundColor: '#2F3136',
  color: '#FFFFFF',
  borderRight: 'none',
  overflowX: 'hidden',
} as const;

/**
 * The signed-in frame, with the query cache its screens share (provided here, not at the
 * root, so the login screen does not download the query library). The signed-in user's cache
 * is kept on the device and read back first (their own only: one per user id), so their
 * screens can be read offline.
 */
export function AppLayout() {
  const { user } = useSession();
  const userId = user?.id;
  const persistOptions = useMemo(
    () => (userId === undefined ? null : readCacheOptions(userId)),
    [userId],
  );
  useEffect(followDeviceNetwork, []);
  if (userId === undefined || !persistOptions) {
    return (
      <QueryClientProvider client={queryClient}>
        <LayoutFrame />
      </QueryClientProvider>
    );
  }
  return (
    <ReadCacheProvider
      key={userId}
      client={queryClient}
      options={persistOptions}
      onRestored={markRestoredStale}
    >
      <LayoutFrame />
    </ReadCacheProvider>
  );
}

/**
 * Focus goes into the phone's drawer once it is open. With less motion asked for, it opens
 * without a transition and the focus trap's own first move misses it (the modal is still hidden
 * then), leaving focus on the menu button above the backdrop, where Escape does nothing. Frame
 * by frame, for at most a second, until the drawer can be seen and so take focus.
 */
function useFocusIntoDrawer(open: boolean) {
  useEffect(() => {
    if (!open) return undefined;
    let frame = 0;
    let frames = 0;
    const attempt = () => {
      const paper = document.querySelector<HTMLElement>('#sidebar .MuiDrawer-paper');
      if (!paper || paper.contains(document.activeElement)) return;
      if (paper.checkVisibility({ visibilityProperty: true })) {
        paper.focus();
      } else if (frames < 60) {
        frames += 1;
        frame = requestAnimationFrame(attempt);
      }
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [open]);
}

/**
 * The width the sidebar takes from the page, as the CSS variable --ec-sidebar-width on the root
 * (0 without one: signed out, or a phone's drawer over the page), so what is fixed to the window
 * (the connection notice) centres on the page beside it. `open` null: no sidebar.
 */
function useSidebarWidthVariable(open: boolean | null) {
  useEffect(() => {
    if (open === null) return undefined;
    const root = document.documentElement;
    root.style.setProperty(
      SIDEBAR_WIDTH_VARIABLE,
      `${open ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_COLLAPSED}px`,
    );
    return () => {
      root.style.removeProperty(SIDEBAR_WIDTH_VARIABLE);
    };
  }, [open]);
}

function LayoutFrame() {
  const { user, isLoading } = useSession();
  // Keyboard focus stays on the page when the control holding it disappears.
  useFocusRescue();
  const location = useLocation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(readSidebarPref);
  const [mobileOpen, setMobileOpen] = useState(false);
  // The screens wait for the device's kept cache, so they open on it, not on a spinner.
  const restoring = useIsRestoring();
  useFocusIntoDrawer(mobileOpen);
  useSidebarWidthVariable(!isLoading && isSignedIn(user) && !narrow ? open : null);

  if (isLoading) return <Loading />;
  if (!isSignedIn(user)) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }

  const links = sidebarLinksFor(user);
  const toggle = () => {
    if (narrow) {
      setMobileOpen((value) => !value);
      return;
    }
    setOpen((value) => {
      try {
        localStorage.setItem(SIDEBAR_PREF_KEY, String(!value));
      } catch {
        // a preference only; private windows may refuse storage
      }
      return !value;
    });
  };
  const width = open ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_COLLAPSED;
  const sidebarExpanded = narrow ? mobileOpen : open;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          px: 2,
          py: 1,
          borderRadius: 1,
          fontWeight: 500,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Box>
      <AppBar
        position="fixed"
        elevation={1}
        enableColorOnDark
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, backgroundImage: 'none' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={toggle}
            aria-label={sidebarExpanded ? 'Collapse menu' : 'Expand menu'}
            aria-expanded={sidebarExpanded}
            aria-controls="sidebar"
            size="large"
          >
            {sidebarExpanded ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
          <Typography
            variant="h6"
            component="div"
            noWrap
            sx={{ flexGrow: 1, fontWeight: 600, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
          >
            ElderCare System
          </Typography>
          <NotificationBell />
          <UserMenu user={user} />
        </Toolbar>
      </AppBar>

      {narrow ? (
        <Drawer
          id="sidebar"
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          // Not kept mounted while closed: drawing the whole sidebar into a hidden drawer (and
          // again, synchronously, as its slide transition mounts) took a phone's main thread
          // for about 100 ms on every page load; it is drawn when it opens.
          sx={{ '& .MuiDrawer-paper': { ...drawerPaper, width: SIDEBAR_WIDTH_OPEN } }}
        >
          <Toolbar />
          <SidebarList links={links} collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      ) : (
        <Drawer
          id="sidebar"
          variant="permanent"
          open={open}
          sx={{
            width,
            flexShrink: 0,
            transition: (theme) => theme.transitions.create('width'),
            '& .MuiDrawer-paper': {
              ...drawerPaper,
              width,
              transition: (theme) => theme.transitions.create('width'),
            },
          }}
        >
          <Toolbar />
          <SidebarList links={links} collapsed={!open} />
        </Drawer>
      )}

      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          pt: `${TOP_BAR_HEIGHT}px`,
          bgcolor: 'background.default',
          '&:focus': { outline: 'none' },
        }}
      >
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <DataAge />
          {restoring ? <Loading /> : <Outlet />}
        </Box>
      </Box>
    </Box>
  );
}
