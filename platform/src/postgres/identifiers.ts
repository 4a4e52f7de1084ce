/** Schema names are interpolated into SQL, so they are restricted to plain identifiers. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function schemaName(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid PostgreSQL schema name: ${name}`);
  return name;
}
