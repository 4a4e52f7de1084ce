import { StatusLine } from '../features/platform-status/components/status-line';

/** Placeholder landing page until the real home, sign-in and dashboards arrive. */
export function App() {
  return (
    <main className="landing">
      <p className="landing__eyebrow">Premium Concierge</p>
      <h1 className="landing__title">Crypto Concierge</h1>
      <p className="landing__lead">
        A crypto concierge service that deploys your USDC into decentralized-finance strategies.
      </p>
      <p className="landing__note">Sign-in and registration arrive soon.</p>
      <StatusLine />
    </main>
  );
}
