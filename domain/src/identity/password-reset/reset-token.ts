import { randomUUID } from 'node:crypto';
import { streamName, type authEvents, type PasswordResetTokenCommand } from '@concierge/contracts';
import { ConflictError, ValidationError } from '@concierge/platform/errors';
import { defineAggregate } from '../../shared/aggregate.js';
import type { EventOf } from '../../shared/event-union.js';
import type { SecretRef } from '../credentials.js';
import { hashToken } from '../session/refresh-token.js';

/** Stream of one reset link, named by its link id (legacy links: by the token's hash); the token itself is never stored. */
export const resetTokenStreamId = (linkIdOrTokenHash: string) => streamName('passwordReset', linkIdOrTokenHash);

/** Hex digits of a link id at the start of a reset token (a legacy token is 43 base64url characters, no link id). */
const LINK_ID_LENGTH = 32;

/** A reset token: `<link id, 32 hex><secret>`, URL-safe with no separator, as the contracts' ResetToken allows. */
export const resetTokenOf = (linkId: string, secret: string) => `${linkId}${secret}`;
export const newResetLinkId = () => randomUUID().replaceAll('-', '');

/** The link a presented token names (its id; a legacy token: its hash), and what of it is the secret (a legacy token: the whole). */
export function resetLinkOf(token: string): { linkKey: string; secret: string; legacy: boolean } {
  if (token.length > LINK_ID_LENGTH && /^[0-9a-f]{32}$/.test(token.slice(0, LINK_ID_LENGTH))) {
    return { linkKey: token.slice(0, LINK_ID_LENGTH), secret: token.slice(LINK_ID_LENGTH), legacy: false };
  }
  return { linkKey: hashToken(token), secret: token, legacy: true };
}

/** A reset link is usable this long after it was mailed. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';

/** A reset link's events, which the contracts list with the other sign-in events. */
export type ResetTokenEvent = EventOf<Extract<keyof typeof authEvents, `PasswordResetToken${string}`>>;

export type ResetTokenState =
  | { status: 'none' }
  | { status: 'issued' | 'used'; userId: string; secret: SecretRef; issuedAt: string; expiresAt: string };

export const initialResetTokenState: ResetTokenState = { status: 'none' };

export function evolveResetToken(state: ResetTokenState, event: ResetTokenEvent): ResetTokenState {
  switch (event.type) {
    case 'PasswordResetTokenIssued': {
      const { userId, secretId, tokenHash, issuedAt, expiresAt } = event.data;
      const secret: SecretRef = secretId !== undefined ? { secretId } : { tokenHash: tokenHash ?? '' };
      return { status: 'issued', userId, secret, issuedAt, expiresAt };
    }
    case 'PasswordResetTokenUsed':
      return state.status === 'none' ? state : { ...state, status: 'used' };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** Issued, not used yet, and not expired at `now`. */
export function isUsable(state: ResetTokenState, now: Date): state is ResetTokenState & { status: 'issued' } {
  return state.status === 'issued' && now.getTime() < Date.parse(state.expiresAt);
}

/**
 * A password set at or after the link was mailed (by another link, a change while signed in, or an
 * operator) spends the link: whoever set it knows the password, and an older mail may be in the
 * wrong hands. Equal instants count as spent, erring on the safe side.
 */
export function spentByLaterPassword(linkIssuedAt: string | Date, credentialsChangedAt: string | null): boolean {
  if (credentialsChangedAt === null) return false;
  return Date.parse(credentialsChangedAt) >= new Date(linkIssuedAt).getTime();
}

export function invalidResetLink(): ValidationError {
  return new ValidationError([{ field: 'token', message: INVALID_RESET_LINK_MESSAGE }]);
}

export function decideResetToken(command: PasswordResetTokenCommand, state: ResetTokenState): ResetTokenEvent[] {
  switch (command.type) {
    case 'IssuePasswordResetToken': {
      if (state.status !== 'none') throw new ConflictError('This reset token already exists.');
      const { userId, secretId, expiresAt } = command.data;
      return [{ type: 'PasswordResetTokenIssued', data: { userId, secretId, issuedAt: command.metadata.now, expiresAt } }];
    }
    case 'UsePasswordResetToken': {
      // Single use: the append happens at the revision read, so two uses cannot both pass.
      const usedAt = command.metadata.now;
      if (!isUsable(state, new Date(usedAt))) throw invalidResetLink();
      return [{ type: 'PasswordResetTokenUsed', data: { userId: state.userId, usedAt } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown reset-token command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

/**
 * `passwordReset-<linkId>` (a legacy link: `<tokenHash>`). A link's stream holds two events at most,
 * so no snapshot is ever due; it goes through the one cache all the same. Bump the snapshot version
 * whenever `evolveResetToken` or `ResetTokenState` changes.
 */
export const resetTokenAggregate = defineAggregate({
  streamOf: resetTokenStreamId,
  initialState: initialResetTokenState,
  evolve: evolveResetToken,
  decide: decideResetToken,
  snapshot: { name: 'passwordReset', version: 1 },
});
