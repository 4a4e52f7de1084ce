/**
 * One append as one statement (one round trip). Order matters:
 *  1. the per-stream advisory lock is taken before the transaction has an id, so writers of one
 *     stream get increasing transaction ids and $all, ordered by (transaction_id, seq), keeps
 *     each stream's order;
 *  2. repeated event ids are answered idempotently before any revision check;
 *  3. the expected revision is checked against the stream's last revision;
 *  4. the insert assigns the transaction id.
 * No NOTIFY here: a notifying transaction takes a global lock at commit, which halved append
 * throughput when measured; the adapter sends one coalesced notification after appends instead.
 * Outcomes other than 'ok' and 'duplicate' are returned, not raised, for the adapter to map.
 */
export function appendEventsFunction(s: string): string {
  return `
    CREATE FUNCTION ${s}.append_events(
      p_stream text, p_expected_kind text, p_expected bigint,
      p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
    RETURNS TABLE (outcome text, actual_revision bigint, last_transaction_id text, last_seq bigint, next_revision bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_found integer;
      v_same_stream boolean;
      v_current bigint;
      v_last record;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));

      SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) INTO v_found, v_same_stream
        FROM ${s}.events e WHERE e.event_id = ANY(p_ids);
      IF v_found > 0 THEN
        IF v_found <> cardinality(p_ids) OR NOT v_same_stream THEN
          RETURN QUERY SELECT 'partial'::text, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint;
          RETURN;
        END IF;
        RETURN QUERY SELECT 'duplicate'::text, NULL::bigint, e.transaction_id::text, e.seq, max(e.stream_revision) OVER ()
          FROM ${s}.events e WHERE e.event_id = ANY(p_ids) ORDER BY e.transaction_id DESC, e.seq DESC LIMIT 1;
        RETURN;
      END IF;

      SELECT max(e.stream_revision) INTO v_current FROM ${s}.events e WHERE e.stream_id = p_stream;
      IF (p_expected_kind = 'no_stream' AND v_current IS NOT NULL)
         OR (p_expected_kind = 'stream_exists' AND v_current IS NULL)
         OR (p_expected_kind = 'exact' AND v_current IS DISTINCT FROM p_expected) THEN
        RETURN QUERY SELECT 'conflict'::text, v_current, NULL::text, NULL::bigint, NULL::bigint;
        RETURN;
      END IF;

      WITH inserted AS (
        INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata)
        SELECT p_stream, coalesce(v_current, -1) + x.n, x.i, x.t, x.d, x.m
          FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x(i, t, d, m, n)
        RETURNING transaction_id, seq, stream_revision)
      SELECT transaction_id::text AS tx, seq, stream_revision INTO v_last FROM inserted ORDER BY seq DESC LIMIT 1;

      RETURN QUERY SELECT 'ok'::text, NULL::bigint, v_last.tx, v_last.seq, v_last.stream_revision;
    END;
    $fn$;`;
}

/**
 * The append of migration 4: as above, plus the hash chain (see event-store/hash-chain.ts). The
 * writer sends each event's content digest; the chain step runs here, under the stream's advisory
 * lock and in the same statement, from the hash of the stream's last event:
 *   hash = sha256(previous_hash || int8send(revision) || content digest)
 * with 32 zero bytes before revision 0. `p_contents` NULL (a test-only switch of the adapter, for
 * the bench) skips the chain: each event repeats its stream's last hash, which verify reports.
 */
export function appendChainedEventsFunction(s: string): string {
  return `
    CREATE FUNCTION ${s}.append_events(
      p_stream text, p_expected_kind text, p_expected bigint,
      p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[], p_contents bytea[])
    RETURNS TABLE (outcome text, actual_revision bigint, last_transaction_id text, last_seq bigint, next_revision bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_found integer;
      v_same_stream boolean;
      v_current bigint;
      v_link bytea;
      v_previous bytea[];
      v_hashes bytea[];
      v_last record;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));

      SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) INTO v_found, v_same_stream
        FROM ${s}.events e WHERE e.event_id = ANY(p_ids);
      IF v_found > 0 THEN
        IF v_found <> cardinality(p_ids) OR NOT v_same_stream THEN
          RETURN QUERY SELECT 'partial'::text, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint;
          RETURN;
        END IF;
        RETURN QUERY SELECT 'duplicate'::text, NULL::bigint, e.transaction_id::text, e.seq, max(e.stream_revision) OVER ()
          FROM ${s}.events e WHERE e.event_id = ANY(p_ids) ORDER BY e.transaction_id DESC, e.seq DESC LIMIT 1;
        RETURN;
      END IF;

      SELECT e.stream_revision, e.hash INTO v_current, v_link
        FROM ${s}.events e WHERE e.stream_id = p_stream ORDER BY e.stream_revision DESC LIMIT 1;
      IF (p_expected_kind = 'no_stream' AND v_current IS NOT NULL)
         OR (p_expected_kind = 'stream_exists' AND v_current IS NULL)
         OR (p_expected_kind = 'exact' AND v_current IS DISTINCT FROM p_expected) THEN
        RETURN QUERY SELECT 'conflict'::text, v_current, NULL::text, NULL::bigint, NULL::bigint;
        RETURN;
      END IF;

      IF p_contents IS NOT NULL AND cardinality(p_contents) <> cardinality(p_ids) THEN
        RAISE EXCEPTION 'append_events: % content digests for % events', cardinality(p_contents), cardinality(p_ids);
      END IF;
      v_link := coalesce(v_link, '\\x${'00'.repeat(32)}'::bytea);
      FOR i IN 1 .. cardinality(p_ids) LOOP
        v_previous[i] := v_link;
        IF p_contents IS NOT NULL THEN
          v_link := sha256(v_link || int8send(coalesce(v_current, -1) + i) || p_contents[i]);
        END IF;
        v_hashes[i] := v_link;
      END LOOP;

      WITH inserted AS (
        INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
        SELECT p_stream, coalesce(v_current, -1) + x.n, x.i, x.t, x.d, x.m, x.p, x.h
          FROM unnest(p_ids, p_types, p_data, p_metadata, v_previous, v_hashes) WITH ORDINALITY AS x(i, t, d, m, p, h, n)
        RETURNING transaction_id, seq, stream_revision)
      SELECT transaction_id::text AS tx, seq, stream_revision INTO v_last FROM inserted ORDER BY seq DESC LIMIT 1;

      RETURN QUERY SELECT 'ok'::text, NULL::bigint, v_last.tx, v_last.seq, v_last.stream_revision;
    END;
    $fn$;`;
}

/**
 * The append of migration 5: as migration 4's, with the costs a profile of 50 concurrent writers
 * showed taken out (docs/performance/append-and-verify.md):
 *  - data and metadata are json, the canonical text the writer hashed stored as it came (no jsonb
 *    conversion in, none out for readers, and verification hashes the stored text);
 *  - the repeated-id check of a one-event append is an equality, which a cached generic plan serves
 *    (`= ANY(p_ids)` was planned afresh on every call: a third of the function's time);
 *  - the content digests come as one bytea of 32 bytes per event (a binary parameter, no array);
 *  - a one-event append inserts one VALUES row; the insert returns the outcome in the same statement.
 * As before, the events table is read (and so locked) before the insert gives the transaction its
 * id: readers tell open appends by that lock (pg-event-store.ts).
 */
export function appendStoredTextEventsFunction(s: string): string {
  return `
    CREATE FUNCTION ${s}.append_events(
      p_stream text, p_expected_kind text, p_expected bigint,
      p_ids uuid[], p_types text[], p_data json[], p_metadata json[], p_contents bytea)
    RETURNS TABLE (outcome text, actual_revision bigint, last_transaction_id text, last_seq bigint, next_revision bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_count integer := cardinality(p_ids);
      v_found integer;
      v_same_stream boolean;
      v_current bigint;
      v_link bytea;
      v_previous bytea[];
      v_hashes bytea[];
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));

      IF v_count = 1 THEN
        SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) INTO v_found, v_same_stream
          FROM ${s}.events e WHERE e.event_id = p_ids[1];
      ELSE
        SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) INTO v_found, v_same_stream
          FROM ${s}.events e WHERE e.event_id = ANY(p_ids);
      END IF;
      IF v_found > 0 THEN
        IF v_found <> v_count OR NOT v_same_stream THEN
          RETURN QUERY SELECT 'partial'::text, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint;
          RETURN;
        END IF;
        RETURN QUERY SELECT 'duplicate'::text, NULL::bigint, e.transaction_id::text, e.seq, max(e.stream_revision) OVER ()
          FROM ${s}.events e WHERE e.event_id = ANY(p_ids) ORDER BY e.transaction_id DESC, e.seq DESC LIMIT 1;
        RETURN;
      END IF;

      SELECT e.stream_revision, e.hash INTO v_current, v_link
        FROM ${s}.events e WHERE e.stream_id = p_stream ORDER BY e.stream_revision DESC LIMIT 1;
      IF (p_expected_kind = 'no_stream' AND v_current IS NOT NULL)
         OR (p_expected_kind = 'stream_exists' AND v_current IS NULL)
         OR (p_expected_kind = 'exact' AND v_current IS DISTINCT FROM p_expected) THEN
        RETURN QUERY SELECT 'conflict'::text, v_current, NULL::text, NULL::bigint, NULL::bigint;
        RETURN;
      END IF;

      IF p_contents IS NOT NULL AND length(p_contents) <> 32 * v_count THEN
        RAISE EXCEPTION 'append_events: % bytes of content digests for % events', length(p_contents), v_count;
      END IF;
      v_current := coalesce(v_current, -1);
      v_link := coalesce(v_link, '\\x${'00'.repeat(32)}'::bytea);
      IF v_count = 1 THEN
        RETURN QUERY INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
          VALUES (p_stream, v_current + 1, p_ids[1], p_types[1], p_data[1], p_metadata[1], v_link,
                  CASE WHEN p_contents IS NULL THEN v_link ELSE sha256(v_link || int8send(v_current + 1) || p_contents) END)
          RETURNING 'ok'::text, NULL::bigint, transaction_id::text, seq, stream_revision;
        RETURN;
      END IF;

      FOR i IN 1 .. v_count LOOP
        v_previous[i] := v_link;
        IF p_contents IS NOT NULL THEN
          v_link := sha256(v_link || int8send(v_current + i) || substring(p_contents FROM 32 * i - 31 FOR 32));
        END IF;
        v_hashes[i] := v_link;
      END LOOP;
      RETURN QUERY WITH inserted AS (
        INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
        SELECT p_stream, v_current + x.n, x.i, x.t, x.d, x.m, x.p, x.h
          FROM unnest(p_ids, p_types, p_data, p_metadata, v_previous, v_hashes) WITH ORDINALITY AS x(i, t, d, m, p, h, n)
        RETURNING transaction_id, seq, stream_revision)
      SELECT 'ok'::text, NULL::bigint, i.transaction_id::text, i.seq, i.stream_revision FROM inserted i ORDER BY i.seq DESC LIMIT 1;
    END;
    $fn$;`;
}

/**
 * The append of migration 6: migration 5's without the look-up of the event ids before the insert,
 * which cost 35 us of PostgreSQL CPU an append beside a raw insert's 95 (side by side, 50 writers):
 * the unique index on event_id already looks each id up on the way in. So a repeated id surfaces
 * as that index's unique violation, which the adapter turns into 'duplicate' or 'partial' by one
 * look-up (pg-event-store.ts); only a revision that does not match looks the ids up here first, so
 * a repeated append is still answered as one before its expected revision is judged.
 */
export function appendUniqueIdsEventsFunction(s: string): string {
  return `
    CREATE OR REPLACE FUNCTION ${s}.append_events(
      p_stream text, p_expected_kind text, p_expected bigint,
      p_ids uuid[], p_types text[], p_data json[], p_metadata json[], p_contents bytea)
    RETURNS TABLE (outcome text, actual_revision bigint, last_transaction_id text, last_seq bigint, next_revision bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_count integer := cardinality(p_ids);
      v_found integer;
      v_same_stream boolean;
      v_current bigint;
      v_link bytea;
      v_previous bytea[];
      v_hashes bytea[];
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));

      SELECT e.stream_revision, e.hash INTO v_current, v_link
        FROM ${s}.events e WHERE e.stream_id = p_stream ORDER BY e.stream_revision DESC LIMIT 1;
      IF (p_expected_kind = 'no_stream' AND v_current IS NOT NULL)
         OR (p_expected_kind = 'stream_exists' AND v_current IS NULL)
         OR (p_expected_kind = 'exact' AND v_current IS DISTINCT FROM p_expected) THEN
        SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) INTO v_found, v_same_stream
          FROM ${s}.events e WHERE e.event_id = ANY(p_ids);
        IF v_found > 0 AND (v_found <> v_count OR NOT v_same_stream) THEN
          RETURN QUERY SELECT 'partial'::text, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint;
        ELSIF v_found > 0 THEN
          RETURN QUERY SELECT 'duplicate'::text, NULL::bigint, e.transaction_id::text, e.seq, max(e.stream_revision) OVER ()
            FROM ${s}.events e WHERE e.event_id = ANY(p_ids) ORDER BY e.transaction_id DESC, e.seq DESC LIMIT 1;
        ELSE
          RETURN QUERY SELECT 'conflict'::text, v_current, NULL::text, NULL::bigint, NULL::bigint;
        END IF;
        RETURN;
      END IF;

      IF p_contents IS NOT NULL AND length(p_contents) <> 32 * v_count THEN
        RAISE EXCEPTION 'append_events: % bytes of content digests for % events', length(p_contents), v_count;
      END IF;
      v_current := coalesce(v_current, -1);
      v_link := coalesce(v_link, '\\x${'00'.repeat(32)}'::bytea);
      IF v_count = 1 THEN
        RETURN QUERY INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
          VALUES (p_stream, v_current + 1, p_ids[1], p_types[1], p_data[1], p_metadata[1], v_link,
                  CASE WHEN p_contents IS NULL THEN v_link ELSE sha256(v_link || int8send(v_current + 1) || p_contents) END)
          RETURNING 'ok'::text, NULL::bigint, transaction_id::text, seq, stream_revision;
        RETURN;
      END IF;

      FOR i IN 1 .. v_count LOOP
        v_previous[i] := v_link;
        IF p_contents IS NOT NULL THEN
          v_link := sha256(v_link || int8send(v_current + i) || substring(p_contents FROM 32 * i - 31 FOR 32));
        END IF;
        v_hashes[i] := v_link;
      END LOOP;
      RETURN QUERY WITH inserted AS (
        INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
        SELECT p_stream, v_current + x.n, x.i, x.t, x.d, x.m, x.p, x.h
          FROM unnest(p_ids, p_types, p_data, p_metadata, v_previous, v_hashes) WITH ORDINALITY AS x(i, t, d, m, p, h, n)
        RETURNING transaction_id, seq, stream_revision)
      SELECT 'ok'::text, NULL::bigint, i.transaction_id::text, i.seq, i.stream_revision FROM inserted i ORDER BY i.seq DESC LIMIT 1;
    END;
    $fn$;`;
}

/**
 * The append of migration 7: migration 6's, with the chain step done by the writer when it can.
 * A writer that knows the hash of the event at the revision it expects (the head of a stream it
 * appended to or read last, or 32 zero bytes for a new stream) sends `p_chain`: that hash followed
 * by the hashes of its events, 32 bytes each. The expected revision is checked here under the
 * stream's lock as before, and the head's recorded hash is compared with the first 32 bytes; when
 * both match, the events link to the head and are stored with the writer's hashes, and no SHA-256
 * runs here (the chain step cost about 3 us of PostgreSQL CPU a one-event append, serially, and
 * more in plpgsql's loop). When the writer does not know the head (`p_chain` NULL) or guessed it
 * wrong (the stream was rewritten since it looked), the chain is computed here from `p_contents`
 * as in migration 6, and its last hash is returned for the writer to remember. Both NULL (the
 * bench's test-only switch) skips the chain. Migration 6's function (one argument fewer) stays for
 * replicas of the release before during a rolling upgrade; both chain under the same stream lock.
 */
export function appendWriterChainedEventsFunction(s: string): string {
  return `
    CREATE FUNCTION ${s}.append_events(
      p_stream text, p_expected_kind text, p_expected bigint,
      p_ids uuid[], p_types text[], p_data json[], p_metadata json[], p_contents bytea, p_chain bytea)
    RETURNS TABLE (outcome text, actual_revision bigint, last_transaction_id text, last_seq bigint, next_revision bigint, last_hash text)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_count integer := cardinality(p_ids);
      v_found integer;
      v_same_stream boolean;
      v_current bigint;
      v_link bytea;
      v_computed boolean := false;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));

      SELECT e.stream_revision, e.hash INTO v_current, v_link
        FROM ${s}.events e WHERE e.stream_id = p_stream ORDER BY e.stream_revision DESC LIMIT 1;
      IF (p_expected_kind = 'no_stream' AND v_current IS NOT NULL)
         OR (p_expected_kind = 'stream_exists' AND v_current IS NULL)
         OR (p_expected_kind = 'exact' AND v_current IS DISTINCT FROM p_expected) THEN
        SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) INTO v_found, v_same_stream
          FROM ${s}.events e WHERE e.event_id = ANY(p_ids);
        IF v_found > 0 AND (v_found <> v_count OR NOT v_same_stream) THEN
          RETURN QUERY SELECT 'partial'::text, NULL::bigint, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
        ELSIF v_found > 0 THEN
          RETURN QUERY SELECT 'duplicate'::text, NULL::bigint, e.transaction_id::text, e.seq, max(e.stream_revision) OVER (), NULL::text
            FROM ${s}.events e WHERE e.event_id = ANY(p_ids) ORDER BY e.transaction_id DESC, e.seq DESC LIMIT 1;
        ELSE
          RETURN QUERY SELECT 'conflict'::text, v_current, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
        END IF;
        RETURN;
      END IF;

      v_current := coalesce(v_current, -1);
      v_link := coalesce(v_link, '\\x${'00'.repeat(32)}'::bytea);
      IF p_chain IS NOT NULL AND (length(p_chain) <> 32 * (v_count + 1) OR substring(p_chain FOR 32) <> v_link) THEN
        p_chain := NULL;
      END IF;
      IF p_chain IS NULL AND p_contents IS NOT NULL THEN
        IF length(p_contents) <> 32 * v_count THEN
          RAISE EXCEPTION 'append_events: % bytes of content digests for % events', length(p_contents), v_count;
        END IF;
        p_chain := v_link;
        FOR i IN 1 .. v_count LOOP
          v_link := sha256(v_link || int8send(v_current + i) || substring(p_contents FROM 32 * i - 31 FOR 32));
          p_chain := p_chain || v_link;
        END LOOP;
        v_computed := true;
      END IF;

      IF v_count = 1 THEN
        RETURN QUERY INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
          VALUES (p_stream, v_current + 1, p_ids[1], p_types[1], p_data[1], p_metadata[1],
                  coalesce(substring(p_chain FOR 32), v_link), coalesce(substring(p_chain FROM 33 FOR 32), v_link))
          RETURNING 'ok'::text, NULL::bigint, transaction_id::text, seq, stream_revision, CASE WHEN v_computed THEN encode(hash, 'hex') END;
        RETURN;
      END IF;
      RETURN QUERY WITH inserted AS (
        INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
        SELECT p_stream, v_current + x.n, x.i, x.t, x.d, x.m,
            coalesce(substring(p_chain FROM 32 * x.n::integer - 31 FOR 32), v_link), coalesce(substring(p_chain FROM 32 * x.n::integer + 1 FOR 32), v_link)
          FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x(i, t, d, m, n)
        RETURNING transaction_id, seq, stream_revision, hash)
      SELECT 'ok'::text, NULL::bigint, i.transaction_id::text, i.seq, i.stream_revision, CASE WHEN v_computed THEN encode(i.hash, 'hex') END
        FROM inserted i ORDER BY i.seq DESC LIMIT 1;
    END;
    $fn$;`;
}
