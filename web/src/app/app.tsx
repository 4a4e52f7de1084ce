import type { EmotionCache } from '@emotion/cache';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App({ queryClient, styleCache }: { queryClient: QueryClient; styleCache: EmotionCache }) {
  return (
    <AppProviders queryClient={queryClient} styleCache={styleCache}>
      <AppRoutes />
    </AppProviders>
  );
}
