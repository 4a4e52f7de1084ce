import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { theme } from './theme';

/** Toasts top-right, 5000 ms. */
const TOAST_ORIGIN = { vertical: 'top', horizontal: 'right' } as const;
const TOAST_MS = 5000;

interface AppProvidersProps {
  readonly queryClient: QueryClient;
  /** Where MUI's styles go: it carries the page's CSP nonce (see content-security-policy.ts). */
  readonly styleCache: EmotionCache;
  readonly children: ReactNode;
}

/** Everything a page may rely on: data cache, styles and theme, toasts and the router. */
export function AppProviders({ queryClient, styleCache, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <CacheProvider value={styleCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SnackbarProvider anchorOrigin={TOAST_ORIGIN} autoHideDuration={TOAST_MS} maxSnack={4}>
            <BrowserRouter>{children}</BrowserRouter>
          </SnackbarProvider>
        </ThemeProvider>
      </CacheProvider>
    </QueryClientProvider>
  );
}
