import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The seed's notice behaviour, option for option; its own chunk, loaded when first needed. */
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
    />
  );
}
