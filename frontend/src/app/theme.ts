import { esES } from '@mui/material/locale';
import { alpha, createTheme, type ThemeOptions } from '@mui/material/styles';

/** A calm clinical palette: deep teal, soft neutrals, gentle status colours. */
const teal = { main: '#2f6f73', dark: '#1f5256', light: '#5f9a9d', contrastText: '#ffffff' };
const ink = '#1d2b2e';
const muted = '#5b6b6e';
const line = '#e2e8e8';

export const FONT_STACK = '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: teal,
    secondary: { main: '#5b6bb0', dark: '#414f8c', light: '#8b97cc', contrastText: '#ffffff' },
    success: { main: '#2e7d5b' },
    error: { main: '#c4453c' },
    warning: { main: '#b7791f' },
    info: { main: '#2f6f9f' },
    background: { default: '#f4f7f7', paper: '#ffffff' },
    text: { primary: ink, secondary: muted },
    divider: line,
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: FONT_STACK,
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700, letterSpacing: '-0.01em' },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 650 },
    h6: { fontWeight: 650 },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        // Whoever asks the system for less motion gets none: dialogs, menus, ripples and spinners change at once
        // (their end events still fire, which MUI's transitions and autofill detection listen for).
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    // Keyboard focus is a clear ring, not only MUI's faint ripple (inside menus and lists, drawn inwards).
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${teal.main}`, outlineOffset: 2 } } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10, paddingInline: 18 }, sizeLarge: { paddingBlock: 10 } },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: { border: `1px solid ${line}`, borderRadius: 14, boxShadow: '0 1px 3px rgba(16, 40, 44, 0.05)' },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700, fontSize: '1.2rem' } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    // Initials on our coloured avatars are white (MUI's default is the page background, too faint on some).
    MuiAvatar: { styleOverrides: { colorDefault: { color: '#ffffff' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 44 } } },
    // MUI's unselected grey (action.active) is below 4.5:1 on the page background.
    MuiToggleButton: { styleOverrides: { root: { color: muted } } },
    // The help under a read-only (disabled) field is still read: it keeps its contrast.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: muted } } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    // A spinner says what it means to screen readers (react-admin's loading indicator included); one that means
    // something else passes its own aria-label.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Cargando' } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { backgroundColor: '#fff' },
        notchedOutline: { borderColor: '#d3dcdc' },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: {
      styleOverrides: {
        colorPrimary: { backgroundColor: '#ffffff', color: ink, borderBottom: `1px solid ${line}` },
      },
    },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700, color: muted, backgroundColor: alpha(teal.main, 0.04) } } },
  },
};

export const theme = createTheme(themeOptions, esES);
