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

/** The seed's visual theme, with a dark variant; `fontSize` scales every rem-based size. */
export function buildTheme(mode: 'light' | 'dark', fontSize = 16): Theme {
  const dark = mode === 'dark';
  const tones = dark ? readableTones.dark : readableTones.light;
  const fill = readableTones.fill;
  return createTheme({
    palette: {
      mode,
      primary: { main: '#4A90E2' },
      secondary: { main: '#99AAB5' },
      error: { main: '#FF5555' },
      success: { main: '#43B581' },
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
    components: {
      MuiCssBaseline: {
        styleOverrides: { html: { fontSize: `${fontSize}px` } },
      },
      MuiButton: {
        styleOverrides: {
          root: { borderRadius: 8, padding: '10px 20px', textTransform: 'none', fontWeight: 500 },
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
          root: ({ ownerState }) =>
            isTone(ownerState.color) ? { color: tones[toneKey[ownerState.color]] } : {},
        },
      },
      MuiLink: {
        styleOverrides: {
          root: { color: tones.primaryText, textDecorationColor: alpha(tones.primaryText, 0.5) },
        },
      },
      MuiChip: {
        styleOverrides: {
          root: ({ ownerState }) => {
            if (!isTone(ownerState.color)) return {};
            return ownerState.variant === 'outlined'
              ? {
                  color: tones[toneKey[ownerState.color]],
                  borderColor: tones[toneKey[ownerState.color]],
                }
              : { backgroundColor: fill[fillKey[ownerState.color]], color: '#FFFFFF' };
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
      // Rows per page and the page arrows: large enough to hit, and they wrap on a phone
      // instead of running off the edge of the table.
      MuiTablePagination: {
        styleOverrides: {
          // Two classes: the top bar's fixed 64 px toolbar height must not apply here.
          root: {
            '& .MuiTablePagination-toolbar': {
              height: 'auto',
              minHeight: 56,
              flexWrap: 'wrap',
              rowGap: 4,
              paddingTop: 4,
              paddingBottom: 4,
            },
          },
          spacer: { flexBasis: 0 },
          select: { minHeight: 'unset', paddingTop: 10, paddingBottom: 10 },
          // On a line of their own (a phone), the arrows sit at the right.
          actions: { marginLeft: 'auto', '& .MuiIconButton-root': { width: 44, height: 44 } },
        },
      },
      MuiAppBar: {
        styleOverrides: {
          root: { backgroundColor: '#4A90E2', color: '#FFFFFF', height: TOP_BAR_HEIGHT },
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
            '&.Mui-selected, &.Mui-selected:hover': {
              backgroundColor: '#4A90E2',
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
      // Not in the seed: helper and tooltip texts a little larger than MUI's 12 and 11 px,
      // for readers who are older (they still scale with the font-size setting).
      MuiFormHelperText: {
        styleOverrides: { root: { fontSize: '0.875rem' } },
      },
      MuiTooltip: {
        styleOverrides: { tooltip: { fontSize: '0.875rem' } },
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
