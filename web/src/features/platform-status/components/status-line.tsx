import { useEffect, useState } from 'react';
import { getPlatformStatus, type PlatformStatus } from '../api/get-platform-status';

const REFRESH_MS = 30_000;

const LABELS: Record<PlatformStatus | 'checking', string> = {
  checking: 'Checking platform status…',
  up: 'All systems operational',
  degraded: 'Some services are unavailable right now',
  down: 'The platform cannot be reached right now',
};

/** A live one-line platform status, refreshed while the page is open. */
export function StatusLine() {
  const [status, setStatus] = useState<PlatformStatus | 'checking'>('checking');

  useEffect(() => {
    const controller = new AbortController();
    const check = () => {
      getPlatformStatus(controller.signal).then(setStatus, () => undefined);
    };
    check();
    const timer = window.setInterval(check, REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, []);

  return (
    <p className="status-line" data-status={status} role="status" aria-live="polite">
      <span className="status-line__dot" aria-hidden="true" />
      {LABELS[status]}
    </p>
  );
}
