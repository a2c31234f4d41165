import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** Runs `task` when the browser is idle (soon after, where it cannot tell). */
export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(task, { timeout: 3000 });
  } else {
    window.setTimeout(task, 200);
  }
}

/**
 * One load shared by the early fetch and the first showing; a failed one (no network) is
 * forgotten, so the next try fetches again.
 */
export function loadingOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/**
 * A dialog that loads its code the first time it opens. A screen's dialogs (their forms,
 * validation and pickers) are only shown when someone presses a button, so the screen itself
 * loads without them.
 *
 * The returned component takes the same props as the dialog. While the dialog has never been
 * open it renders nothing; the first time `isOpen(props)` is true (by default, the `open`
 * prop) it loads the module and renders the dialog, and from then on keeps it mounted, so its
 * closing transition plays and a second opening needs no loading. While the module loads
 * nothing is shown: a dialog opens above the page, so the page does not move meanwhile. The
 * code is also fetched once the browser is idle after the screen's own code has loaded, so a
 * dialog opened later with no connection still opens.
 *
 * `load` gives the dialog component itself, e.g.
 * `lazyDialog(() => import('./x-dialog.tsx').then((m) => m.XDialog))`. A dialog that says it
 * is open by another prop (the record it shows, or null) passes `isOpen`.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactNode;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): (props: P) => ReactNode;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => 'open' in props && props.open === true,
): (props: P) => ReactNode {
  const loadOnce = loadingOnce(load);
  const Dialog = lazy(async () => ({ default: await loadOnce() }));
  // Once the screen whose code made this dialog has loaded, the dialog's code is fetched while
  // the browser is idle, whether or not the part of the screen holding it is shown (a chart's
  // tab not opened yet): it is then there when the dialog opens, even with no signal by then (a
  // caregiver's phone on a round), without weighing on the screen's first load.
  whenIdle(() => void loadOnce().catch(() => undefined));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    const open = isOpen(props);
    // Set while rendering (not in an effect), so the opening render already mounts the dialog.
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/**
 * A part of a screen that is not shown at first (a tab other than the first), loaded the first
 * time it is shown, with `fallback` (a loading state) meanwhile. Like a dialog's, its code is
 * also fetched once the browser is idle after the screen's own code has loaded, so it opens
 * without waiting later, even with no connection by then. A failed load reaches the screen's
 * error boundary (client/app/router.tsx), which offers Reload.
 *
 * `load` gives the component itself, e.g.
 * `lazyPanel(() => import('./x-panel.tsx').then((m) => m.XPanel), <LoadingState />)`.
 */
export function lazyPanel<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): (props: P) => ReactNode {
  const loadOnce = loadingOnce(load);
  const Panel = lazy(async () => ({ default: await loadOnce() }));
  whenIdle(() => void loadOnce().catch(() => undefined));
  function LazyPanel(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Panel {...props} />
      </Suspense>
    );
  }
  return LazyPanel;
}
