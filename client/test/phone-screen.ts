import { vi } from 'vitest';

/**
 * Makes the page a phone below 600 px for MUI's media queries: its `down('sm')` queries
 * (max-width) match and its `up` queries do not. Undo with `vi.unstubAllGlobals()`.
 */
export function stubPhoneScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
