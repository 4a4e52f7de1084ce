import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// In development the SPA runs on Vite's server and sends API calls to a locally running
// gateway, so the browser still sees one origin as in production.
const GATEWAY_URL = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // Workspace packages (contracts) are bundled from their TypeScript sources, so the SPA build
  // needs no prior build of theirs and always matches the code it is tested with.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // Every `from 'zod'` (the SPA's and contracts') goes through a module that turns zod's eval probe
    // off before any schema is built, so zod need not load with the first page to do it.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-without-eval.ts', import.meta.url)) }],
  },
  server: { proxy: { '/api': { target: GATEWAY_URL, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: GATEWAY_URL, changeOrigin: false } } },
  // Vite stamps this on the tags it writes and on a `csp-nonce` meta tag the SPA reads; the gateway
  // replaces it with a fresh nonce per response (gateway/src/security-headers.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: { outDir: 'dist', emptyOutDir: true },
});
