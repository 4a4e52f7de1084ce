/**
 * Credential material (argon2id password hashes, SHA-256 hashes of link, grant and refresh
 * secrets), kept out of event data so nothing that reads events (the audit routes, their exports,
 * admins) can read it. An event names the material by its credential id; the store maps id ->
 * material, and only the command side opens it.
 *
 * Rows are written once and never changed: a new password is a new id, and the event stream stays
 * the truth of which credential is current. A handler retried with the same id and material is
 * harmless; the same id with other material is refused.
 */
export interface CredentialStore {
  /** Keeps `material` under `id` for good (idempotent for the same pair). */
  put(id: string, material: string): Promise<void>;
  /** The material kept under `id`; undefined when there is none. */
  get(id: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** A second write of one credential id with other material: a bug or a forged id, never overwritten. */
export class CredentialRewriteError extends Error {
  constructor(id: string) {
    super(`credential ${id} is already stored with other material; credentials are written once`);
    this.name = 'CredentialRewriteError';
  }
}
