import { useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOP_BAR_HEIGHT } from './theme.ts';

const dialogButtons = '.MuiDialog-paperFullScreen .MuiDialogActions-root';

/**
 * How far from the bottom of the screen the buttons of the open full-screen dialog begin, or 0
 * when none is open or its buttons are scrolled out of sight below. Measured again whenever
 * the page changes, scrolls or resizes, at most once a frame.
 */
function useDialogButtonsClearance(enabled: boolean): number {
  const [clearance, setClearance] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rows = document.querySelectorAll(dialogButtons);
      const row = rows[rows.length - 1];
      const top = row?.getBoundingClientRect().top ?? window.innerHeight;
      setClearance(Math.max(0, Math.ceil(window.innerHeight - top)));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      document.removeEventListener('scroll', schedule, { capture: true });
      cancelAnimationFrame(frame);
      setClearance(0);
    };
  }, [enabled]);
  return clearance;
}

/**
 * Below the top bar, and nothing more. A notice keeps the place it was shown in, so one shown on
 * a phone stays in the bottom container when the screen turns wide (a phone rotated, a window
 * widened); the style goes to every container, and a top on a container that also has its
 * bottom stretched that notice over the whole page. `bottom: auto` keeps it one notice high.
 */
const desktopPlace = { top: TOP_BAR_HEIGHT + 8, bottom: 'auto' } as const;

/**
 * The seed's notice behaviour, option for option; its own chunk, loaded when first needed.
 * The container is a polite live region, in the page from sign-in on (for a guest, from the
 * first notice): screen readers read each notice, new notification and dose falling due when
 * they are idle, without focus moving. Each toast is a status, not an interrupting alert.
 * On a wide screen notices sit below the top bar, so they never cover the bell or the account
 * button; on a phone, where a notice takes the whole width, they sit at the bottom, so they
 * cover neither the top bar nor the heading and first lines of the screen. While a form fills
 * the phone's screen, they sit just above its buttons: a notice never hides Save or Cancel.
 */
export default function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  const phone = useMediaQuery((mui: Theme) => mui.breakpoints.down('sm'));
  const clearance = useDialogButtonsClearance(phone);
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'top-right'}
      autoClose={5000}
      hideProgressBar={false}
      newestOnTop={false}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      theme={theme}
      role="status"
      style={phone ? (clearance ? { bottom: clearance, top: 'auto' } : undefined) : desktopPlace}
    />
  );
}
