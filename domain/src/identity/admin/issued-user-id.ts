import { NotFoundError } from '@concierge/platform/errors';
import { USER_NOT_FOUND_MESSAGE } from '../user/decide.js';

/**
 * The id of a user an admin acts on. Ids the platform issues are UUIDs (or legacy hex ids);
 * anything else names nothing and never reaches the store (PostgreSQL, for one, refuses NUL in
 * text with an error).
 */
export function issuedUserId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  return id;
}
