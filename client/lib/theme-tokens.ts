/**
 * The seed's colours, made readable (WCAG 2.2 AA). The seed's blue (#4A90E2), red (#FF5555) and
 * green (#43B581) reach only about 3:1 against white, under the 4.5:1 that body-size text
 * needs; our readers are often older. Each keeps its hue and saturation and is deepened (light
 * mode, and every fill that carries white words) or lightened (words on dark mode's papers) only
 * as far as needed: 4.5:1 or more on the page and on a paper. client/app/theme.test.ts measures
 * every pair; the hex values below are the outcome, not the rule.
 */
const fill = {
  primary: '#2170CD',
  primaryHover: '#1D63B4',
  error: '#E30000',
  errorHover: '#C90000',
  success: '#2F7E5A',
  successHover: '#296F4F',
} as const;

export const readableTones = {
  /** Words and outlines on the light page and papers: the deepened seed colours. */
  light: { primaryText: fill.primary, errorText: fill.error, successText: fill.success },
  /** Words and outlines on dark mode's page and papers: lighter shades of the same hues. */
  dark: { primaryText: '#82B4EE', errorText: '#FF8A8A', successText: '#6FD1A3' },
  /**
   * What carries white words in both modes: filled buttons, the top bar, the selected menu
   * entry, badges, chips and calendar marks. Hover goes a shade deeper.
   */
  fill,
} as const;

/**
 * The light background a table row gets under the pointer: light enough that the row's links
 * (the readable primary) keep 4.5:1 on it (#F0F4FA gave 4.46).
 */
export const rowHoverColor = (mode: 'light' | 'dark') =>
  mode === 'dark' ? 'rgba(74,144,226,0.12)' : '#F3F6FB';

/**
 * The CSS variable on the root that holds the width the sidebar takes from the page (set by the
 * layout; absent without a sidebar), for what is fixed to the window and centres on the page.
 */
export const SIDEBAR_WIDTH_VARIABLE = '--ec-sidebar-width';
