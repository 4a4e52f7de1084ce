import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

/** Links to the legal pages open in a new tab, so a half-filled form is not lost. */
export function LegalLink({ to, children }: { to: '/privacy-policy' | '/terms-and-conditions'; children: ReactNode }) {
  return (
    <Link href={to} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}
