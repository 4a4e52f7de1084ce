import { LRUCache } from 'lru-cache';

/** A token whose signature and claims were verified: who it names (`Principal` in access-token.ts) and until when it holds. */
export type VerifiedToken<P> = { readonly principal: P; readonly expiresAtSeconds: number };

/**
 * Verified access tokens by their text, at most `max`, the least recently used dropped first. A
 * client sends the same token on every request of its life, and an ES256 verification costs about
 * a tenth of a millisecond of CPU; remembering it skips only that: the account's standing is still
 * checked on every request, and a remembered token stops counting at its expiry.
 */
export class VerifiedTokens<P> {
  // lru-cache rather than a Map kept in use order: dropping a Map's oldest entry walks past every
  // entry deleted before it, about 6 us a new token once 10,000 are kept.
  private readonly tokens: LRUCache<string, VerifiedToken<P>>;

  constructor(max: number) {
    this.tokens = new LRUCache({ max });
  }

  get size(): number {
    return this.tokens.size;
  }

  /** The token's verification while it is still valid at `nowSeconds`; an expired one is forgotten. */
  get(token: string, nowSeconds: number): VerifiedToken<P> | 'expired' | undefined {
    const known = this.tokens.get(token);
    if (!known) return undefined;
    // The test jsonwebtoken makes: a token is expired from its `exp` second on.
    if (nowSeconds >= known.expiresAtSeconds) {
      this.tokens.delete(token);
      return 'expired';
    }
    return known;
  }

  remember(token: string, verified: VerifiedToken<P>): void {
    this.tokens.set(token, verified);
  }
}
