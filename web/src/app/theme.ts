import { createTheme } from '@mui/material/styles';

/** USDC blue on a calm slate base; per-component tweaks live here so pages only use tokens. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#2775ca', dark: '#1b5aa0', light: '#5b9be0', contrastText: '#ffffff' },
    secondary: { main: '#0f172a', contrastText: '#ffffff' },
    success: { main: '#16a34a' },
    warning: { main: '#d97706' },
    error: { main: '#dc2626' },
    background: { default: '#f5f7fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { fontWeight: 600, textTransform: 'none' },
    overline: { fontWeight: 700, letterSpacing: '0.12em' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10, paddingInline: 18, whiteSpace: 'nowrap' }, sizeLarge: { paddingBlock: 10 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e2e8f0' } } },
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderRadius: 14 } } },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: { root: { borderBottom: '1px solid #e2e8f0', backgroundColor: '#ffffff' } },
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAvatar: { styleOverrides: { root: { fontWeight: 700 } } },
    // The success green is too light for white text or as text on white (3.3:1; axe wants 4.5:1):
    // status chips use a darker green (#15803d, 5.0:1) for their label's sake.
    MuiChip: {
      variants: [
        { props: { color: 'success', variant: 'filled' }, style: { backgroundColor: '#15803d' } },
        { props: { color: 'success', variant: 'outlined' }, style: { color: '#15803d', borderColor: '#15803d' } },
      ],
    },
  },
});
