import { contentDigest, type ChainContent } from '../event-store/hash-chain.js';

/**
 * Credential material in the data of events recorded before the credential store, by event type:
 * argon2id password hashes (crackable offline, the real danger) and the SHA-256 hashes of link,
 * refresh and step-up secrets. Events are immutable and hash-chained, so these fields stay in the
 * store; every audit read path shows such an event without them (see `withholdCredentials`). Only
 * these fields of these types may ever be withheld: the offline check of an export refuses a digest
 * given for anything else, so an export cannot hide arbitrary content.
 */
export const CREDENTIAL_FIELDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  UserRegistered: ['passwordHash'],
  UserPasswordChanged: ['passwordHash'],
  UserPasswordReset: ['passwordHash'],
  UserPasswordReplaced: ['passwordHash'],
  UserEmailVerificationIssued: ['tokenHash'],
  PasswordResetTokenIssued: ['tokenHash'],
  PasswordResetTokenUsed: ['tokenHash'],
  RefreshSessionIssued: ['tokenHash'],
  RefreshSessionRotated: ['tokenHash'],
  StepUpGranted: ['grantHash'],
  StepUpGrantUsed: ['grantHash'],
});

/** Whether `field` of an event of `type` is credential material that an audit reader is not shown. */
export function isCredentialField(type: string, field: string): boolean {
  return Object.hasOwn(CREDENTIAL_FIELDS, type) && (CREDENTIAL_FIELDS[type]?.includes(field) ?? false);
}

/** An event's data as an audit reader sees it. */
export type ShownContent =
  | { readonly data: Record<string, unknown> }
  | {
      readonly data: Record<string, unknown>;
      /** The data fields left out (credential material), in CREDENTIAL_FIELDS order. */
      readonly withheld: string[];
      /**
       * Hex SHA-256 of the event's content as recorded, withheld fields included (hash-chain.ts): what
       * the chain step hashes, so the event still links without its data being whole.
       */
      readonly contentDigest: string;
    };

/**
 * The event's data without its credential material, for every audit read path (stream view,
 * export). An event that carries none is returned as it is, with no marker; one that does loses
 * those fields and names them, with the digest of its original content, which is all the chain
 * needs. The digest reveals nothing usable: it is a SHA-256 over the whole event, withheld values
 * being an argon2id hash with its random salt or the hash of a 256-bit random secret.
 */
export function withholdCredentials(event: ChainContent & { readonly data: Record<string, unknown> }): ShownContent {
  const fields = Object.hasOwn(CREDENTIAL_FIELDS, event.type) ? (CREDENTIAL_FIELDS[event.type] ?? []) : [];
  const withheld = fields.filter((field) => Object.hasOwn(event.data, field));
  if (withheld.length === 0) return { data: event.data };
  const data = Object.fromEntries(Object.entries(event.data).filter(([field]) => !withheld.includes(field)));
  return { data, withheld, contentDigest: contentDigest(event).toString('hex') };
}
