import { useMediaQuery, type Theme } from '@mui/material';
import { useEffect } from 'react';

/**
 * Whether a form dialog should fill the screen: below 600 px a centred dialog leaves its fields
 * narrow and its buttons cramped, so forms take the whole phone screen instead.
 */
export function useFullScreenDialog(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

/** The last control focused outside a dialog or menu, and its ancestors at that moment. */
let lastFocused: { element: Element; ancestors: Element[] } | null = null;
let users = 0;
let observer: MutationObserver | null = null;

const overlay = '.MuiModal-root, .MuiPopover-root, [role="dialog"], [role="menu"]';
const headings = 'h1, h2, h3, h4, h5, h6';

function remember(event: FocusEvent) {
  const element = event.target;
  if (!(element instanceof Element) || element.closest(overlay)) return;
  const ancestors: Element[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) ancestors.push(node);
  lastFocused = { element, ancestors };
}

/** An overlay still on screen keeps its own focus (MUI's focus trap pulls it back). */
function overlayOpen(): boolean {
  return [...document.querySelectorAll('.MuiModal-root')].some(
    (modal) =>
      !modal.classList.contains('MuiModal-hidden') && modal.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * When the focused control leaves the page (a row deleted, a dose recorded, a dialog closed
 * whose opener is gone), the browser drops focus to <body> and a keyboard user starts again
 * from the top. Moves it instead to the nearest heading that is still there: the section's,
 * else the screen's.
 */
function rescue() {
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return;
  if (!lastFocused || lastFocused.element.isConnected || overlayOpen()) return;
  const { ancestors } = lastFocused;
  lastFocused = null;
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected) continue;
    const heading = ancestor.querySelector<HTMLElement>(headings);
    if (!heading) continue;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    // Scrolled into the middle of the screen, not to its top edge under the fixed top bar.
    const box = heading.getBoundingClientRect();
    const barBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    if (box.top < barBottom || box.bottom > window.innerHeight) {
      heading.scrollIntoView({ block: 'center' });
    }
    return;
  }
}

/**
 * Keeps keyboard focus on the page when the control that had it disappears (see `rescue`).
 * The signed-in frame calls it once for every screen; one listener serves any number of callers.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    users += 1;
    if (users === 1) {
      document.addEventListener('focusin', remember);
      observer = new MutationObserver(rescue);
      observer.observe(document.body, { childList: true, subtree: true });
    }
    return () => {
      users -= 1;
      if (users === 0) {
        document.removeEventListener('focusin', remember);
        observer?.disconnect();
        observer = null;
        lastFocused = null;
      }
    };
  }, []);
}
