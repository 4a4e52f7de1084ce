import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import type * as authRoutes from '@concierge/contracts/auth/routes';
import { api, loadAuthRoutes, resetReadYourWrites, type RouteAnswer } from './api-client';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  sessionEndedByLogout,
  storeSession,
  storeUser,
  subscribeSession,
  toSessionUser,
  type SessionUser,
} from './auth-storage';

export type { SessionUser, UserRole } from './auth-storage';

/** What POST /auth/login answers. */
export type LoginResult = RouteAnswer<typeof authRoutes.login>;

export interface Session {
  /** The signed-in user, or null when no auth token is held. */
  readonly user: SessionUser | null;
  /** Stores the tokens and user of a successful login and publishes the user. */
  readonly login: (result: LoginResult) => SessionUser;
  /** Ends the session on the server (best effort), clears local storage and goes to /login. */
  readonly logout: () => void;
  /** Replaces the stored user (after GET /auth/me or a profile change). */
  readonly setUser: (user: SessionUser) => void;
}

/** The role's home page: admins to the admin dashboard, auditors to the audit screens, members to their dashboard. */
export function dashboardPathFor(role: string): string {
  if (role === 'auditor') return '/audit';
  return role === 'admin' ? '/admin/dashboard' : '/user/dashboard';
}

/** Only the signed-in user (or null), for components that need nothing else, such as the guards. */
export { sessionEndedByLogout };

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getStoredUser, () => null);
}

/**
 * Ends the refresh session on the server, best effort. The session is cleared locally meanwhile,
 * so the access token read before that still goes along, as on any other call.
 */
async function endServerSession(refreshToken: string, accessToken: string | null): Promise<void> {
  try {
    const { logout } = await loadAuthRoutes();
    await api(logout, { body: { refreshToken }, headers: accessToken === null ? {} : { Authorization: `Bearer ${accessToken}` } });
  } catch {
    // Best effort: the local session is gone either way.
  }
}

export function useSession(): Session {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const login = useCallback(
    (result: LoginResult): SessionUser => {
      const sessionUser = toSessionUser(result.user);
      if (sessionUser === null) throw new Error('The login response has no usable user');
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      resetReadYourWrites();
      storeSession({ token: result.token, refreshToken: result.refreshToken, user: sessionUser });
      return sessionUser;
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    const refreshToken = getRefreshToken();
    if (refreshToken !== null) void endServerSession(refreshToken, getAccessToken());
    clearSession('logout');
    // The router reports a failed navigation itself; signing out does not wait for the login page.
    void navigate('/login', { replace: true });
    resetReadYourWrites();
    queryClient.clear();
  }, [navigate, queryClient]);

  return useMemo(() => ({ user, login, logout, setUser: storeUser }), [user, login, logout]);
}
