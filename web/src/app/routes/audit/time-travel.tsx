import { AuditPlaceholder } from './placeholder';

/** /audit/time-travel: a member's account at any instant (GET /audit/members/:userId/at); its page replaces this stub. */
export default function TimeTravelPage() {
  return <AuditPlaceholder title="Time travel" text="A member's account at any past instant, rebuilt from the event streams. Not available in this build yet." />;
}
