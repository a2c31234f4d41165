import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOP_BAR_HEIGHT } from './theme.ts';

/**
 * The seed's notice behaviour, option for option; its own chunk, loaded when first needed.
 * The container is a polite live region, in the page from sign-in on (for a guest, from the
 * first notice): screen readers read each notice, new notification and dose falling due when
 * they are idle, without focus moving. Each toast is a status, not an interrupting alert.
 * Notices sit below the top bar, so they never cover the bell or the account button.
 */
export default function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      hideProgressBar={false}
      newestOnTop={false}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      theme={theme}
      role="status"
      style={{ top: TOP_BAR_HEIGHT + 8 }}
    />
  );
}
