import { ComingSoonPage } from '../../components/coming-soon-page';

/** Replaced by the real page in this release. */
export default function Page() {
  return <ComingSoonPage title="Withdrawal Management" />;
}
