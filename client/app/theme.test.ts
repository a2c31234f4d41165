import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildTheme,
  prefersReducedMotion,
  readableTones,
  SIDEBAR_WIDTH_COLLAPSED,
  SIDEBAR_WIDTH_OPEN,
  TOP_BAR_HEIGHT,
  TOUCH_TARGET,
} from './theme.ts';
import { rowHoverColor } from '../lib/theme-tokens.ts';

// The seed's "Visual theme", value for value.
describe('theme', () => {
  const theme = buildTheme('light');

  it('uses the seed’s hues in light mode, deep enough to read', () => {
    const seed = { primary: '#4A90E2', secondary: '#99AAB5', error: '#FF5555', success: '#43B581' };
    for (const [name, colour] of Object.entries(seed)) {
      const main = theme.palette[name as keyof typeof seed].main;
      expect(hueDistance(main, colour), name).toBeLessThanOrEqual(3);
      expect(contrast(main, '#F9FAFC'), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(theme.palette.background).toMatchObject({ default: '#F9FAFC', paper: '#FFFFFF' });
    expect(theme.palette.text).toMatchObject({ primary: '#2C2F33', secondary: '#546E7A' });
  });

  it('uses the seed’s type, buttons, cards and sizes', () => {
    expect(theme.typography.fontFamily).toBe('Roboto, Arial, sans-serif');
    expect(theme.typography.button).toMatchObject({ textTransform: 'none', fontWeight: 500 });
    expect(theme.typography.h1).toMatchObject({ fontSize: '2.5rem', fontWeight: 700 });
    expect(theme.typography.h2).toMatchObject({ fontSize: '2rem', fontWeight: 600 });
    expect(theme.typography.h3).toMatchObject({ fontSize: '1.75rem', fontWeight: 500 });
    expect(theme.typography.h4).toMatchObject({ fontSize: '1.5rem', fontWeight: 500 });
    expect(theme.components?.MuiButton?.styleOverrides?.root).toMatchObject({
      borderRadius: 8,
      padding: '10px 20px',
    });
    expect(theme.components?.MuiCard?.styleOverrides?.root).toMatchObject({
      borderRadius: 12,
      padding: 20,
    });
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(theme.spacing(1)).toBe('8px');
    expect([SIDEBAR_WIDTH_OPEN, SIDEBAR_WIDTH_COLLAPSED, TOP_BAR_HEIGHT]).toEqual([240, 60, 64]);
  });

  it('sets the root font size from the user’s setting, so rem sizes scale', () => {
    const big = buildTheme('light', 22);
    expect(big.components?.MuiCssBaseline?.styleOverrides).toMatchObject({
      html: { fontSize: '22px' },
    });
  });

  it('keeps a dark variant with the same hues, light enough to read on its papers', () => {
    const dark = buildTheme('dark');
    expect(dark.palette.mode).toBe('dark');
    for (const name of ['primary', 'secondary', 'error', 'success'] as const) {
      expect(contrast(dark.palette[name].main, '#2B2D31'), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(hueDistance(dark.palette.primary.main, '#4A90E2')).toBeLessThanOrEqual(3);
  });

  it('gives warning chips and words 4.5:1 or more in both modes', () => {
    const light = theme.palette.warning;
    expect(contrast(light.contrastText, light.main)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light.main, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    const dark = buildTheme('dark').palette.warning;
    expect(
      contrast(dark.contrastText.replace(/^rgba.*$/, '#000000'), dark.main),
    ).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.main, '#2B2D31')).toBeGreaterThanOrEqual(4.5);
  });
});

/** WCAG contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** How far apart two colours' hues are, in degrees. */
function hueDistance(a: string, b: string): number {
  const hue = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
      number,
      number,
      number,
    ];
    const max = Math.max(r, g, bl);
    const d = max - Math.min(r, g, bl);
    if (d === 0) return 0;
    const h = max === r ? ((g - bl) / d) % 6 : max === g ? (bl - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  };
  const diff = Math.abs(hue(a) - hue(b)) % 360;
  return Math.min(diff, 360 - diff);
}

describe('readable tones', () => {
  it('keep words at 4.5:1 or more on the light and dark pages and papers', () => {
    for (const tone of Object.values(readableTones.light)) {
      expect(contrast(tone, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tone, '#F9FAFC')).toBeGreaterThanOrEqual(4.5);
      // A table row under the pointer, where a row's links and words still sit.
      expect(contrast(tone, rowHoverColor('light'))).toBeGreaterThanOrEqual(4.5);
    }
    for (const tone of Object.values(readableTones.dark)) {
      expect(contrast(tone, '#2B2D31')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tone, '#1E1F22')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("fill with the seed's hues, white words at 4.5:1 or more, hovering to a deeper shade", () => {
    const seed = { primary: '#4A90E2', error: '#FF5555', success: '#43B581' } as const;
    for (const [name, colour] of Object.entries(seed)) {
      const key = name as keyof typeof seed;
      const fill = readableTones.fill[key];
      const hover = readableTones.fill[`${key}Hover`];
      expect(hueDistance(fill, colour), name).toBeLessThanOrEqual(3);
      expect(hueDistance(hover, colour), name).toBeLessThanOrEqual(3);
      expect(contrast('#FFFFFF', fill), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#FFFFFF', hover), name).toBeGreaterThan(contrast('#FFFFFF', fill));
    }
  });

  it('draw the top bar, the selected menu entry and filled buttons in the readable fill', () => {
    for (const mode of ['light', 'dark'] as const) {
      const built = buildTheme(mode);
      expect(built.components?.MuiAppBar?.styleOverrides?.root).toMatchObject({
        backgroundColor: readableTones.fill.primary,
        color: '#FFFFFF',
      });
      expect(JSON.stringify(built.components?.MuiListItemButton?.styleOverrides)).toContain(
        readableTones.fill.primary,
      );
    }
  });
});

describe('touch targets', () => {
  const coarse = '@media (pointer: coarse)';
  const rootOf = (name: string, ownerState: object = {}) => {
    const theme = buildTheme('light');
    const root = (theme.components as Record<string, { styleOverrides?: { root?: unknown } }>)[name]
      ?.styleOverrides?.root;
    return (typeof root === 'function' ? root({ ownerState, theme }) : root) as Record<
      string,
      Record<string, unknown>
    >;
  };

  it('makes every control at least 44 x 44 px where the pointer is a finger', () => {
    expect(TOUCH_TARGET).toBeGreaterThanOrEqual(44);
    for (const name of [
      'MuiIconButton',
      'MuiCheckbox',
      'MuiRadio',
      'MuiToggleButton',
      'MuiPaginationItem',
    ]) {
      expect(rootOf(name)[coarse], name).toMatchObject({ minWidth: 44, minHeight: 44 });
    }
    // Buttons and tabs keep MUI's wider minimums (64 and 90 px).
    for (const name of [
      'MuiButton',
      'MuiTab',
      'MuiMenuItem',
      'MuiListItemButton',
      'MuiInputBase',
    ]) {
      expect(rootOf(name)[coarse], name).toMatchObject({ minHeight: 44 });
    }
    expect(rootOf('MuiSwitch')[coarse]).toMatchObject({ height: 44 });
    expect(rootOf('MuiChip', { clickable: true })[coarse]).toMatchObject({ minHeight: 44 });
    expect(rootOf('MuiChip', { clickable: false })[coarse]).toBeUndefined();
  });

  it('keeps the seed’s sizes where the pointer is a mouse', () => {
    expect(rootOf('MuiIconButton').minHeight).toBeUndefined();
    expect(rootOf('MuiButton')).toMatchObject({ padding: '10px 20px' });
  });
});

describe('reduced motion', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns the theme’s transitions off when less motion is asked for', () => {
    const still = buildTheme('light', 16, true);
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.transitions.create(['width', 'margin'], { duration: 300 })).toBe('none');
    expect(Object.values(still.transitions.duration)).toEqual(
      Object.values(still.transitions.duration).map(() => 0),
    );
    const moving = buildTheme('light', 16, false);
    expect(moving.transitions.create('opacity')).toMatch(/opacity \d+ms/);
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });

  it('ends CSS animations and transitions at once under prefers-reduced-motion, in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const overrides = buildTheme(mode, 16, false).components?.MuiCssBaseline
        ?.styleOverrides as Record<string, Record<string, Record<string, string>>>;
      const media = overrides['@media (prefers-reduced-motion: reduce)'];
      const rule = media?.['*:not(.Toastify__progress-bar--animated), *::before, *::after'];
      // A notice's timer keeps its pace (its end closes the notice), unseen.
      expect(media?.['.Toastify__progress-bar--animated']).toEqual({ opacity: 0 });
      expect(rule).toMatchObject({
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      });
      expect(overrides.html).toEqual({ fontSize: '16px', scrollPaddingTop: 72 });
    }
  });

  it('reads the system setting in the browser', () => {
    const asked = vi.fn((query: string) => ({ matches: query.includes('reduce') }));
    vi.stubGlobal('matchMedia', asked);
    expect(prefersReducedMotion()).toBe(true);
    expect(buildTheme('dark').transitions.create('opacity')).toBe('none');
    expect(asked).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(prefersReducedMotion()).toBe(false);
    expect(buildTheme('dark').transitions.create('opacity')).not.toBe('none');
  });
});
