import type { Principal } from './access-token.js';

/** A token whose signature and claims were verified: who it names and until when it holds. */
export type VerifiedToken = { readonly principal: Principal; readonly expiresAtSeconds: number };

/**
 * Verified access tokens by their text, at most `max`, the least recently used dropped first. A
 * client sends the same token on every request of its life, and an ES256 verification costs about
 * a tenth of a millisecond of CPU; remembering it skips only that: the account's standing is still
 * checked on every request, and a remembered token stops counting at its expiry.
 */
export class VerifiedTokens {
  // Map order is insertion order: a token used again goes back in last, so the first is the stalest.
  private readonly tokens = new Map<string, VerifiedToken>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.tokens.size;
  }

  /** The token's verification while it is still valid at `nowSeconds`; an expired one is forgotten. */
  get(token: string, nowSeconds: number): VerifiedToken | 'expired' | undefined {
    const known = this.tokens.get(token);
    if (!known) return undefined;
    this.tokens.delete(token);
    // The test jsonwebtoken makes: a token is expired from its `exp` second on.
    if (nowSeconds >= known.expiresAtSeconds) return 'expired';
    this.tokens.set(token, known);
    return known;
  }

  remember(token: string, verified: VerifiedToken): void {
    this.tokens.delete(token);
    this.tokens.set(token, verified);
    if (this.tokens.size > this.max) {
      const oldest = this.tokens.keys().next();
      if (!oldest.done) this.tokens.delete(oldest.value);
    }
  }
}
