import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { readableTones, rowHoverColor } from '../lib/theme-tokens.ts';

export const SIDEBAR_WIDTH_OPEN = 240;
export const SIDEBAR_WIDTH_COLLAPSED = 60;
export const TOP_BAR_HEIGHT = 64;

// The tokens live in lib/ because shared components read them too; the theme is built on them.
export { readableTones };

type ToneColor = 'primary' | 'error' | 'success';
const toneKey = { primary: 'primaryText', error: 'errorText', success: 'successText' } as const;
const fillKey = { primary: 'primary', error: 'error', success: 'success' } as const;
const hoverKey = { primary: 'primaryHover', error: 'errorHover', success: 'successHover' } as const;
const isTone = (color: unknown): color is ToneColor =>
  color === 'primary' || color === 'error' || color === 'success';

/** On a touch screen every control is at least this wide and high (WCAG 2.5.5, in CSS px). */
export const TOUCH_TARGET = 44;

/** Styles that apply only where the pointer is a finger. */
const onTouch = (style: Record<string, unknown>) => ({ '@media (pointer: coarse)': style });
const touchTarget = onTouch({ minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET });

/** Whether the user asked the system for less motion (false outside a browser). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * With less motion asked for, CSS animations and transitions end at once (skeleton pulses,
 * ripples, notices); the theme's own transitions are turned off in `buildTheme`.
 */
export const reducedMotionCss = {
  '@media (prefers-reduced-motion: reduce)': {
    // A notice's progress bar is its timer (the notice closes when the bar's animation ends):
    // it keeps its pace, unseen, rather than closing the notice at once.
    '.Toastify__progress-bar--animated': { opacity: 0 },
    '*:not(.Toastify__progress-bar--animated), *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      animationDelay: '0ms !important',
      transitionDuration: '0.01ms !important',
      transitionDelay: '0ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

/**
 * The seed's visual theme, with a dark variant; `fontSize` scales every rem-based size and
 * `reducedMotion` (the system setting, read in the browser) turns the transitions off.
 */
export function buildTheme(
  mode: 'light' | 'dark',
  fontSize = 16,
  reducedMotion = prefersReducedMotion(),
): Theme {
  const dark = mode === 'dark';
  const tones = dark ? readableTones.dark : readableTones.light;
  const fill = readableTones.fill;
  return createTheme({
    palette: {
      mode,
      // The seed's hues at readable depths (see readableTones): focused labels, checkboxes,
      // tabs and links take `main`, so it is the deep shade on light and the light one on dark.
      primary: { main: tones.primaryText, contrastText: '#FFFFFF' },
      secondary: { main: dark ? '#99AAB5' : '#5F7482' },
      error: { main: tones.errorText, contrastText: '#FFFFFF' },
      success: { main: tones.successText, contrastText: '#FFFFFF' },
      // MUI's orange carries white words at 3.1:1 on light pages ("late", a requested role):
      // a deeper shade reads at 5:1 either way. Dark mode keeps MUI's light orange, dark words.
      ...(dark ? {} : { warning: { main: '#B45309', contrastText: '#FFFFFF' } }),
      background: dark
        ? { default: '#1E1F22', paper: '#2B2D31' }
        : { default: '#F9FAFC', paper: '#FFFFFF' },
      text: dark
        ? { primary: '#F2F3F5', secondary: '#B5BAC1' }
        : { primary: '#2C2F33', secondary: '#546E7A' },
    },
    typography: {
      fontFamily: 'Roboto, Arial, sans-serif',
      htmlFontSize: 16,
      h1: { fontSize: '2.5rem', fontWeight: 700 },
      h2: { fontSize: '2rem', fontWeight: 600 },
      h3: { fontSize: '1.75rem', fontWeight: 500 },
      h4: { fontSize: '1.5rem', fontWeight: 500 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    spacing: 8,
    // Less motion asked for: dialogs, the drawer, menus and collapses appear at once.
    ...(reducedMotion
      ? {
          transitions: {
            create: () => 'none',
            duration: {
              shortest: 0,
              shorter: 0,
              short: 0,
              standard: 0,
              complex: 0,
              enteringScreen: 0,
              leavingScreen: 0,
            },
          },
        }
      : {}),
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          html: {
            fontSize: `${fontSize}px`,
            // A control reached by Tab never scrolls under the fixed top bar (WCAG 2.4.11).
            scrollPaddingTop: TOP_BAR_HEIGHT + 8,
          },
          ...reducedMotionCss,
        },
      },
      // A clear ring on whatever the keyboard reaches (MUI's own is a faint ripple): the
      // readable tone of the mode, and white on the blue top bar (see the MuiAppBar entry).
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': {
              outline: `3px solid ${tones.primaryText}`,
              outlineOffset: 2,
            },
          },
        },
      },
      MuiButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            padding: '10px 20px',
            textTransform: 'none',
            fontWeight: 500,
            // MUI's 64 px minimum width stays; the height grows to a finger's.
            ...onTouch({ minHeight: TOUCH_TARGET }),
          },
        },
        // Readable words on and in buttons (see readableTones); the seed's radius and padding stay.
        variants: (['primary', 'error', 'success'] as const).flatMap((color) => [
          {
            props: { variant: 'contained' as const, color },
            style: {
              backgroundColor: fill[fillKey[color]],
              color: '#FFFFFF',
              '&:hover': { backgroundColor: fill[hoverKey[color]] },
            },
          },
          {
            props: { variant: 'outlined' as const, color },
            style: {
              color: tones[toneKey[color]],
              borderColor: alpha(tones[toneKey[color]], 0.6),
              '&:hover': { borderColor: tones[toneKey[color]] },
            },
          },
          {
            props: { variant: 'text' as const, color },
            style: { color: tones[toneKey[color]] },
          },
        ]),
      },
      MuiIconButton: {
        styleOverrides: {
          root: ({ ownerState }) => ({
            ...touchTarget,
            ...(isTone(ownerState.color) ? { color: tones[toneKey[ownerState.color]] } : {}),
          }),
        },
      },
      // Touch targets of 44 x 44 px or more: boxes, radios, switches, tabs, menu entries,
      // toggles, page numbers and sortable column heads.
      MuiCheckbox: { styleOverrides: { root: touchTarget } },
      MuiRadio: { styleOverrides: { root: touchTarget } },
      MuiSwitch: {
        styleOverrides: {
          // The track and thumb keep their places; the whole switch grows to 64 x 44.
          root: onTouch({ width: 64, height: TOUCH_TARGET, padding: 15 }),
          switchBase: onTouch({ padding: 12 }),
        },
      },
      MuiTab: { styleOverrides: { root: onTouch({ minHeight: TOUCH_TARGET }) } },
      MuiTabScrollButton: { styleOverrides: { root: onTouch({ width: TOUCH_TARGET }) } },
      MuiMenuItem: { styleOverrides: { root: onTouch({ minHeight: TOUCH_TARGET }) } },
      MuiToggleButton: { styleOverrides: { root: touchTarget } },
      MuiPaginationItem: { styleOverrides: { root: touchTarget } },
      MuiTableSortLabel: { styleOverrides: { root: onTouch({ minHeight: TOUCH_TARGET }) } },
      MuiFab: { styleOverrides: { root: touchTarget } },
      // A long choice (a doctor's full name) wraps in the field instead of being cut off.
      MuiSelect: {
        styleOverrides: { select: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
      },
      MuiInputBase: { styleOverrides: { root: onTouch({ minHeight: TOUCH_TARGET }) } },
      MuiLink: {
        styleOverrides: {
          root: { color: tones.primaryText, textDecorationColor: alpha(tones.primaryText, 0.5) },
        },
      },
      MuiChip: {
        styleOverrides: {
          root: ({ ownerState }) => {
            // A chip that is pressed or removed is a control: 44 px high on a touch screen.
            const touch =
              ownerState.clickable || ownerState.onDelete
                ? onTouch({ minHeight: TOUCH_TARGET, height: 'auto' })
                : {};
            if (!isTone(ownerState.color)) return touch;
            return ownerState.variant === 'outlined'
              ? {
                  ...touch,
                  color: tones[toneKey[ownerState.color]],
                  borderColor: tones[toneKey[ownerState.color]],
                }
              : { ...touch, backgroundColor: fill[fillKey[ownerState.color]], color: '#FFFFFF' };
          },
        },
      },
      // The unread count on the bell: white on the seed's red is hard to read at badge size.
      MuiBadge: {
        styleOverrides: { colorError: { backgroundColor: fill.error, color: '#FFFFFF' } },
      },
      // In dark mode MUI writes an avatar's initials in the page colour: dark on dark grey.
      MuiAvatar: {
        styleOverrides: { colorDefault: { color: '#FFFFFF' } },
      },
      MuiCard: {
        styleOverrides: { root: { borderRadius: 12, padding: 20 } },
      },
      // The card already has the seed's 20 px padding; content inside it adds none of its own.
      MuiCardContent: {
        styleOverrides: { root: { padding: 0, '&:last-child': { paddingBottom: 0 } } },
      },
      MuiCardActions: {
        styleOverrides: { root: { padding: 0, paddingTop: 16 } },
      },
      // A switch or checkbox with its label is one target: at least 44 px high.
      MuiFormControlLabel: {
        styleOverrides: { root: { minHeight: 44 } },
      },
      MuiDialog: {
        styleOverrides: {
          // A form that wraps a dialog's content and buttons lets the content scroll while the
          // Save and Cancel buttons stay in view (long forms, large fonts, small screens).
          paper: {
            '& > form': {
              display: 'flex',
              flexDirection: 'column',
              minHeight: 0,
              flex: '1 1 auto',
            },
            '& > form > .MuiDialogContent-root': { overflowY: 'auto' },
          },
        },
      },
      MuiAppBar: {
        styleOverrides: {
          root: {
            backgroundColor: fill.primary,
            color: '#FFFFFF',
            height: TOP_BAR_HEIGHT,
            '& .Mui-focusVisible': { outlineColor: '#FFFFFF' },
          },
        },
      },
      MuiToolbar: {
        styleOverrides: { root: { minHeight: TOP_BAR_HEIGHT, height: TOP_BAR_HEIGHT } },
      },
      MuiDrawer: {
        styleOverrides: {
          // No elevation overlay: the phone's drawer keeps the seed's #2F3136 in dark mode too.
          paper: {
            width: SIDEBAR_WIDTH_OPEN,
            backgroundColor: '#2F3136',
            color: '#FFFFFF',
            backgroundImage: 'none',
          },
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            ...onTouch({ minHeight: TOUCH_TARGET }),
            '&.Mui-selected, &.Mui-selected:hover': {
              backgroundColor: fill.primary,
              color: '#FFFFFF',
            },
          },
        },
      },
      MuiTextField: {
        defaultProps: { variant: 'outlined', fullWidth: true },
        styleOverrides: {
          root: { marginBottom: 16, '& .MuiOutlinedInput-root': { borderRadius: 4 } },
        },
      },
      // Not in the seed: helper texts a little larger than MUI's 12 px, for readers who are
      // older (they still scale with the font-size setting); tooltips (client/components/
      // tooltip.tsx) are 0.875rem too.
      MuiFormHelperText: {
        styleOverrides: { root: { fontSize: '0.875rem' } },
      },
      MuiTableRow: {
        styleOverrides: {
          root: {
            '&.MuiTableRow-hover:hover': {
              backgroundColor: rowHoverColor(mode),
            },
          },
        },
        defaultProps: { hover: true },
      },
    },
  });
}
