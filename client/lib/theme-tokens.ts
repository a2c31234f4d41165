/**
 * Readable tones of the seed's colours for text and filled controls. The seed's blue (#4A90E2),
 * red (#FF5555) and green (#43B581) reach only about 3:1 against white, under the 4.5:1 that
 * body-size text needs (WCAG AA); our readers are often older. So the seed colours stay for the
 * top bar, selected items, calendar, focus rings and badges, and words drawn in (or on) them use
 * these deeper (light mode) or lighter (dark mode) shades of the same hues.
 */
export const readableTones = {
  light: { primaryText: '#2F6FB7', errorText: '#C62828', successText: '#2B7A50' },
  dark: { primaryText: '#82B4EE', errorText: '#FF8A8A', successText: '#6FD1A3' },
  /**
   * Filled buttons keep the seed's colours exactly (the seed names them); only their hover is
   * a deeper shade. Words on white use the deeper tones above, at 4.5:1 or more.
   */
  fill: {
    primary: '#4A90E2',
    primaryHover: '#2F6FB7',
    error: '#FF5555',
    errorHover: '#C62828',
    success: '#43B581',
    successHover: '#2B7A50',
  },
} as const;

/** The light background a table row gets under the pointer. */
export const rowHoverColor = (mode: 'light' | 'dark') =>
  mode === 'dark' ? 'rgba(74,144,226,0.12)' : '#F0F4FA';
