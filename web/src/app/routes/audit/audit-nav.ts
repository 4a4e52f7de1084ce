/** The auditor's screens in nav order; Time travel and Verification are filled in by their own work (issue 13). */
export const AUDIT_NAV = [
  { path: '/audit/streams', label: 'Streams' },
  { path: '/audit/events', label: 'Event search' },
  { path: '/audit/time-travel', label: 'Time travel' },
  { path: '/audit/verification', label: 'Verification' },
] as const;

/** The nav entry of the page at `pathname` (a stream's view counts as Streams). */
export function currentAuditNav(pathname: string): string | false {
  return AUDIT_NAV.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))?.path ?? false;
}
