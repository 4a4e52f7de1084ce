import { vi } from 'vitest';

/** A phone-width screen for jsdom: every media query of the theme (e.g. `down('md')`) matches. */
export function stubPhoneWidth(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}
