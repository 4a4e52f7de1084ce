import createCache, { type EmotionCache } from '@emotion/cache';

declare global {
  interface Window {
    /** Read by goober (notistack's styles) for the `<style>` element it creates. */
    __nonce__?: string;
  }
}

/** What the build writes in place of the nonce; the gateway swaps in a fresh one per response. */
const PLACEHOLDER = '__CSP_NONCE__';

/**
 * The nonce this page's Content-Security-Policy allows `<style>` elements with, from the
 * `csp-nonce` meta tag Vite writes into index.html; undefined where no server filled it in
 * (Vite's dev server, unit tests), and where no policy asks for one.
 */
export function readCspNonce(): string | undefined {
  // Browsers hide the nonce attribute once a policy applies; the property keeps the value.
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

/** The emotion cache MUI's styles go through, stamping the page's nonce on every `<style>` it adds. */
export function createStyleCache(nonce: string | undefined): EmotionCache {
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}

// What follows must run before the libraries load, so main.tsx imports this module first.
// notistack creates goober's <style> element while its module loads.
window.__nonce__ = readCspNonce();
// zod's no-eval setting is made where every import of zod resolves (lib/zod-without-eval.ts).
