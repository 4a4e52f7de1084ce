import { AuditKeyConfig, auditPublicKeyFrom } from '@concierge/platform/audit/audit-key';
import { UsageError, type AuditCommand } from '@concierge/platform/audit/command';
import { BaseConfig, loadConfig } from '@concierge/platform/config/env';

/** `public-key`: the audit key's public half as PEM on stdout (its id on stderr), for auditors to keep. */
export const publicKeyCommand: AuditCommand = {
  usage: 'public-key   print the audit public key (PEM) checkpoints are signed with; its key id goes to stderr',
  run(args) {
    if (args.length > 0) throw new UsageError('public-key takes no options');
    const key = auditPublicKeyFrom(loadConfig(BaseConfig.and(AuditKeyConfig)));
    process.stdout.write(key.pem);
    console.error(`key id ${key.keyId}`);
    return Promise.resolve(0);
  },
};
