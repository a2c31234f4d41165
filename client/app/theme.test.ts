import { describe, expect, it } from 'vitest';
import {
  buildTheme,
  readableTones,
  SIDEBAR_WIDTH_COLLAPSED,
  SIDEBAR_WIDTH_OPEN,
  TOP_BAR_HEIGHT,
} from './theme.ts';

// The seed's "Visual theme", value for value.
describe('theme', () => {
  const theme = buildTheme('light');

  it('uses the seed’s colours in light mode', () => {
    expect(theme.palette.primary.main).toBe('#4A90E2');
    expect(theme.palette.secondary.main).toBe('#99AAB5');
    expect(theme.palette.error.main).toBe('#FF5555');
    expect(theme.palette.success.main).toBe('#43B581');
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

  it('keeps a dark variant with the same brand colours', () => {
    const dark = buildTheme('dark');
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.primary.main).toBe('#4A90E2');
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

describe('readable tones', () => {
  it('keep words at 4.5:1 or more on the light and dark pages and papers', () => {
    for (const tone of Object.values(readableTones.light)) {
      expect(contrast(tone, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tone, '#F9FAFC')).toBeGreaterThanOrEqual(4.5);
    }
    for (const tone of Object.values(readableTones.dark)) {
      expect(contrast(tone, '#2B2D31')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tone, '#1E1F22')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("fill buttons with the seed's own colours, hovering to a deeper shade", () => {
    expect(readableTones.fill.primary).toBe('#4A90E2');
    expect(readableTones.fill.error).toBe('#FF5555');
    expect(readableTones.fill.success).toBe('#43B581');
    expect(contrast('#FFFFFF', readableTones.fill.primaryHover)).toBeGreaterThanOrEqual(4.5);
  });
});
