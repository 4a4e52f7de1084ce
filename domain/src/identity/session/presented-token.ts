import type { CredentialStore } from '@concierge/platform/credential-store/port';
import { secretKey, secretMatches } from '../credentials.js';
import type { SessionState } from './session.js';

/** What the decider is told a presented token is: none of the session's tokens. */
const UNKNOWN_TOKEN = 'unknown';

/**
 * Which of the session's tokens (the current one, then the spent ones, newest first) the presented
 * refresh token is, as its key; UNKNOWN_TOKEN for none. The hashes are in the credential store.
 */
export async function presentedKey(credentials: CredentialStore, state: SessionState, refreshToken: string): Promise<string> {
  if (state.status === 'none') return UNKNOWN_TOKEN;
  for (const ref of [state.current, ...[...state.spent].reverse()]) if (await secretMatches(credentials, ref, refreshToken)) return secretKey(ref);
  return UNKNOWN_TOKEN;
}
