import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const APP_NAME = 'ElderCare System';

/** The browser tab's title for a screen whose main heading reads `heading`. */
export function titleFor(heading: string | null | undefined): string {
  const words = heading?.replace(/\s+/g, ' ').trim();
  return words ? `${words} – ${APP_NAME}` : APP_NAME;
}

/** The screen's main heading: the h1 in <main>, else the page's h1 (login, sign-up). */
const mainHeading = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');

/**
 * Whether the user has already put focus somewhere on the new screen (a field they clicked
 * while it loaded): then focus stays where they put it. Focus left on the control that led here,
 * on <body>, on a heading, or in the top bar and sidebar (where a closing menu or drawer hands
 * it back) has not moved on.
 */
function userMovedOn(active: Element | null, before: Element | null): boolean {
  if (!active || active === document.body || active === before) return false;
  // A heading holds focus only when the app put it there (the focus rescue in dialog.ts).
  if (active.matches('h1, h2, h3, h4, h5, h6')) return false;
  return !active.closest('header, nav, [role="menu"], .MuiDrawer-root');
}

/**
 * After every route change (login to a dashboard, a sidebar link, a link in a table) focus moves
 * to the new screen's main heading, so a screen reader reads where the user now is and the next
 * Tab starts at the top of the content; and the browser tab's title names the screen. The first
 * screen of a visit keeps the browser's own start (focus at the top of the document). The
 * heading is awaited: screens load their code and data after the route changes, and a screen's
 * heading may change once its data arrives (a patient's name), so the title follows it.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const firstScreen = useRef(true);
  useEffect(() => {
    const before = document.activeElement;
    let focusDone = firstScreen.current;
    firstScreen.current = false;
    const update = () => {
      const heading = mainHeading();
      const title = titleFor(heading?.textContent);
      if (document.title !== title) document.title = title;
      if (focusDone || !heading) return;
      focusDone = true;
      if (userMovedOn(document.activeElement, before)) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname]);
  return null;
}
