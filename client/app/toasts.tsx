import { useMediaQuery, type Theme } from '@mui/material';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOP_BAR_HEIGHT } from './theme.ts';

/**
 * The seed's notice behaviour, option for option; its own chunk, loaded when first needed.
 * The container is a polite live region, in the page from sign-in on (for a guest, from the
 * first notice): screen readers read each notice, new notification and dose falling due when
 * they are idle, without focus moving. Each toast is a status, not an interrupting alert.
 * On a wide screen notices sit below the top bar, so they never cover the bell or the account
 * button; on a phone, where a notice takes the whole width, they sit at the bottom, so they
 * cover neither the top bar nor the heading and first lines of the screen.
 */
export default function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  const phone = useMediaQuery((mui: Theme) => mui.breakpoints.down('sm'));
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
      style={phone ? undefined : { top: TOP_BAR_HEIGHT + 8 }}
    />
  );
}
