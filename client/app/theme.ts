import { createTheme, type Theme } from '@mui/material/styles';

export const SIDEBAR_WIDTH_OPEN = 240;
export const SIDEBAR_WIDTH_COLLAPSED = 60;
export const TOP_BAR_HEIGHT = 64;

/** The seed's visual theme, with a dark variant; `fontSize` scales every rem-based size. */
export function buildTheme(mode: 'light' | 'dark', fontSize = 16): Theme {
  const dark = mode === 'dark';
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
      },
      MuiCard: {
        styleOverrides: { root: { borderRadius: 12, padding: 20 } },
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
          paper: { width: SIDEBAR_WIDTH_OPEN, backgroundColor: '#2F3136', color: '#FFFFFF' },
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
              backgroundColor: dark ? 'rgba(74,144,226,0.12)' : '#F0F4FA',
            },
          },
        },
        defaultProps: { hover: true },
      },
    },
  });
}
