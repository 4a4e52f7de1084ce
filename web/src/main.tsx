// First: it fits the libraries to the page's Content-Security-Policy before any of them loads.
import { createStyleCache, readCspNonce } from './app/content-security-policy';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} styleCache={createStyleCache(readCspNonce())} />
  </StrictMode>,
);
