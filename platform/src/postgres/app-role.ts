import type pg from 'pg';
import { schemaName } from './identifiers.js';

/** The PostgreSQL role the services connect as when it is not the owner of the schemas. */
export interface AppRoleGrant {
  readonly role: string;
  readonly eventStoreSchema?: string;
  readonly readStoreSchema?: string;
}

const quoteRole = (role: string) => `"${role.replaceAll('"', '""')}"`;

/**
 * What the services need and no more, granted by the owner that ran the migrations: on the event
 * store, SELECT and INSERT on events (never UPDATE, DELETE or TRUNCATE, and not being the owner
 * it cannot disable the append-only triggers either), the append function, the snapshots it
 * keeps, and the credential store's write-once rows (SELECT and INSERT); on the read store, its tables and the right to create the ones projections make on demand.
 * Granting twice changes nothing. The role must exist (a deployment creates it with a password).
 */
export async function grantAppRole(client: pg.ClientBase, grant: AppRoleGrant): Promise<void> {
  const role = quoteRole(grant.role);
  if (grant.eventStoreSchema) {
    const s = schemaName(grant.eventStoreSchema);
    await client.query(`
      GRANT USAGE ON SCHEMA ${s} TO ${role};
      GRANT SELECT, INSERT ON ${s}.events TO ${role};
      REVOKE UPDATE, DELETE, TRUNCATE ON ${s}.events FROM ${role};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ${s}.snapshots TO ${role};
      GRANT SELECT, INSERT ON ${s}.credentials TO ${role};
      GRANT SELECT ON ${s}.schema_migrations TO ${role};
      GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${role};`);
  }
  if (grant.readStoreSchema) {
    const s = schemaName(grant.readStoreSchema);
    await client.query(`
      GRANT USAGE, CREATE ON SCHEMA ${s} TO ${role};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${role};`);
  }
}

/** The user a connection string signs in as. */
export function userOf(connectionString: string): string {
  return decodeURIComponent(new URL(connectionString).username || 'postgres');
}
