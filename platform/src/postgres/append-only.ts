/**
 * Migration 8: the events table is append-only. A row trigger refuses UPDATE and DELETE and a
 * statement trigger refuses TRUNCATE, whoever asks: the services (whatever role they connect as),
 * an operator's psql session, a migration written later by mistake. Only a superuser can get past
 * it, and only deliberately: `SET session_replication_role = replica` (superuser-only) or
 * `ALTER TABLE ... DISABLE TRIGGER` (owner or superuser), each of which PostgreSQL's log can record.
 * Nothing in the product updates or deletes events (migration 4's sealing ran before this one);
 * tests drop their schemas, which no trigger fires on.
 * The application's role is the other half: see app-role.ts.
 */
export function appendOnlyEvents(s: string): string {
  return `
    CREATE FUNCTION ${s}.refuse_event_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      RAISE EXCEPTION 'the event store is append-only: % on %.% refused', TG_OP, TG_TABLE_SCHEMA, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'Events are never changed or removed; a correction is a new event.';
    END;
    $fn$;
    CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON ${s}.events
      FOR EACH ROW EXECUTE FUNCTION ${s}.refuse_event_change();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON ${s}.events
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.refuse_event_change();
    REVOKE UPDATE, DELETE, TRUNCATE ON ${s}.events FROM PUBLIC;`;
}
