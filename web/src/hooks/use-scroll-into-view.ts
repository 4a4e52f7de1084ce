import { useEffect, useRef } from 'react';

/**
 * A ref whose element scrolls into view when it mounts with `when` set: a manager's form opened
 * for editing from a row far down the table.
 */
export function useScrollIntoView<T extends HTMLElement>(when: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (when) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [when]);
  return ref;
}
