/**
 * The signed-in session as the product keeps it in local storage, plus change notification so
 * React (useSession) and the API client see the same state, across tabs too.
 */

/** Local storage keys, exactly as the product names them. */
export const AUTH_TOKEN_KEY = 'auth-token';
export const AUTH_USER_KEY = 'auth-user';
export const AUTH_REFRESH_TOKEN_KEY = 'auth-refresh-token';

export type UserRole = 'user' | 'admin' | 'auditor';

/** The signed-in user as the SPA keeps it. */
export interface SessionUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly role: UserRole;
  readonly status: string;
}

const ROLES: readonly string[] = ['user', 'admin', 'auditor'];

/** Picks the session fields out of any user-shaped value (a stored one or an API UserDto). */
export function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = typeof record['id'] === 'string' ? record['id'] : record['_id'];
  const { firstName, lastName, email, role, status } = record;
  if (typeof id !== 'string' || typeof firstName !== 'string' || typeof lastName !== 'string') return null;
  if (typeof email !== 'string' || typeof role !== 'string' || !ROLES.includes(role) || typeof status !== 'string') return null;
  return { id, firstName, lastName, email, role: role as UserRole, status };
}

const listeners = new Set<() => void>();
// Whether the last session ended by the user's own logout (no returnUrl then) or by expiry.
let endedByLogout = false;
let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode policies): behave as signed out
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the session simply will not survive a reload.
  }
}

export function getAccessToken(): string | null {
  return read(AUTH_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(AUTH_REFRESH_TOKEN_KEY);
}

/** The stored user; the same object while the stored text is unchanged (useSyncExternalStore needs that). */
export function getStoredUser(): SessionUser | null {
  const raw = read(AUTH_USER_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedUser = raw === null ? null : toSessionUser(JSON.parse(raw));
    } catch {
      cachedUser = null;
    }
  }
  // Logged in means an auth token is held.
  return getAccessToken() === null ? null : cachedUser;
}

/** Login: stores both tokens and the user, then tells every subscriber. */
export function storeSession(session: { token: string; refreshToken: string | null; user: SessionUser }): void {
  endedByLogout = false;
  write(AUTH_TOKEN_KEY, session.token);
  write(AUTH_REFRESH_TOKEN_KEY, session.refreshToken);
  write(AUTH_USER_KEY, JSON.stringify(session.user));
  notify();
}

/** Refresh: the server rotates the refresh token, so both tokens are replaced together. */
export function storeTokens(token: string, refreshToken: string | null): void {
  write(AUTH_TOKEN_KEY, token);
  if (refreshToken !== null) write(AUTH_REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

export function storeUser(user: SessionUser): void {
  write(AUTH_USER_KEY, JSON.stringify(user));
  notify();
}

/** Logout: clears the token, the user and the refresh token. */
export function clearSession(reason: 'logout' | 'expired'): void {
  endedByLogout = reason === 'logout';
  write(AUTH_TOKEN_KEY, null);
  write(AUTH_USER_KEY, null);
  write(AUTH_REFRESH_TOKEN_KEY, null);
  notify();
}

/** True after a deliberate logout: the guards then send to /login without a returnUrl. */
export function sessionEndedByLogout(): boolean {
  return endedByLogout;
}

/** Subscribes to session changes made here or in another tab. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === AUTH_USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
