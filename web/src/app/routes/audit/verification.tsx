import { AuditPlaceholder } from './placeholder';

/** /audit/verification: chain status, last signed checkpoint, replay-verify; its page replaces this stub. */
export default function VerificationPage() {
  return <AuditPlaceholder title="Verification" text="Hash-chain status, the last signed checkpoint and replay-verify. Not available in this build yet." />;
}
