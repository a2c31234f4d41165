import { useSyncExternalStore } from 'react';

/**
 * Unsaved display settings shown at once while the user edits them on the Settings screen
 * (dark mode switches immediately; font size previews before Save Settings).
 */
interface Preview {
  darkMode?: boolean;
  fontSize?: number;
}

let preview: Preview = {};
const listeners = new Set<() => void>();

export function setPreviewSettings(next: Preview): void {
  preview = next;
  for (const listener of listeners) listener();
}

export function usePreviewSettings(): Preview {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => preview,
  );
}
