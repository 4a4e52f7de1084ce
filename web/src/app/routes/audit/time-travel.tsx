import { useSearchParams } from 'react-router-dom';
import { TimeTravelPanel } from '../../../features/audit/time-travel/components/time-travel-panel';

/** /audit/time-travel?userId=: a member's account at any instant (GET /audit/members/:userId/at). */
export default function TimeTravelPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  // Keyed by the member so following another member's link starts from a fresh form.
  return <TimeTravelPanel key={userId} initialUserId={userId} />;
}
