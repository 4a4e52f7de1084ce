import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { json } from './render-page';

/** One request the stubbed backend received. */
export type Sent = { method: string; path: string; body: unknown };

/** Answers a request, or undefined for a route the test does not serve. */
export type Handler = (request: Sent, url: URL) => Response | undefined;

/** Stubs `fetch` with a handler; unknown routes answer 404. Returns the requests sent, in order. */
export function stubBackend(handler: Handler): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown) };
      sent.push(request);
      return handler(request, url) ?? json({ message: 'Not found' }, 404);
    }),
  );
  return sent;
}

/**
 * Every test of the calling spec file starts signed in with a bare token (the page asks
 * /auth/me who that is) and ends with the page unmounted and `fetch` restored.
 */
export function signedInForEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('auth-token', 't');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
