/** A JSON document as the stores keep it: what an aggregate's state is encoded into. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * An aggregate's state as folded up to one revision of its stream, so a command reads it and only
 * the events after it. A cache, never a source of truth: losing every snapshot loses nothing.
 */
export interface Snapshot {
  readonly streamId: string;
  /** Which aggregate's state this is: one stream may be folded by more than one. */
  readonly aggregate: string;
  /** The aggregate's state format when it was taken; the reader ignores any other. */
  readonly snapshotVersion: number;
  /** Revision of the stream's last event folded into `state`. */
  readonly revision: bigint;
  readonly state: JsonValue;
}

export interface SnapshotStore {
  /** The snapshot kept for this stream and aggregate, whatever its version; undefined when none is. */
  read(streamId: string, aggregate: string): Promise<Snapshot | undefined>;
  /**
   * Keeps one snapshot per stream and aggregate: a snapshot of another version always replaces
   * the kept one, one of the same version only when it is at a later revision.
   */
  write(snapshot: Snapshot): Promise<void>;
  close(): Promise<void>;
}
