import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { dashboardPathFor, sessionEndedByLogout, useSessionUser, type SessionUser, type UserRole } from '../lib/session';

/**
 * Where a visitor must go instead of a protected route, or null to let them in:
 * not logged in -> /login with a returnUrl (none after a deliberate logout); logged in with the
 * wrong role -> their own dashboard.
 */
export function guardRedirect(
  user: SessionUser | null,
  roles: readonly UserRole[] | undefined,
  location: { pathname: string; search: string },
  endedByLogout = false,
): string | null {
  if (user === null) {
    if (endedByLogout) return '/login';
    return `/login?returnUrl=${encodeURIComponent(location.pathname + location.search)}`;
  }
  if (roles !== undefined && !roles.includes(user.role)) return dashboardPathFor(user.role);
  return null;
}

/** Renders its children only for a signed-in user whose role is allowed. */
export function RequireAuth({ roles, children }: { roles?: readonly UserRole[]; children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  const redirect = guardRedirect(user, roles, location, sessionEndedByLogout());
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return children;
}
