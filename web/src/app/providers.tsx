import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '../components/toast-provider';
import { theme } from './theme';

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
          <ToastProvider>
            <BrowserRouter>{children}</BrowserRouter>
          </ToastProvider>
        </ThemeProvider>
      </CacheProvider>
    </QueryClientProvider>
  );
}
