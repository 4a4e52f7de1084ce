import { GENESIS_HASH, NonCanonicalValueError, chainHash, contentDigest } from '../../event-store/hash-chain.js';
import { auditPublicKeyFromPem, type AuditPublicKey } from '../audit-key.js';
import { signedText } from '../checkpoints.js';
import { rootFromProof } from '../merkle-proof.js';
import { verifyText } from '../audit-key.js';
import { isCredentialField } from '../withheld.js';
import { EXPORT_FORMAT_V1, ExportEvent, ExportHeader, ExportTrailer, type ExportHead } from './format.js';

/** A line of the export that does not hold, 1-based. */
export interface ExportProblem {
  readonly line: number;
  readonly message: string;
}

export interface ExportCheck {
  readonly events: number;
  readonly streams: number;
  /** Problems in line order; the first is the first bad line. */
  readonly problems: readonly ExportProblem[];
  /** The checkpoint the export was checked against, when it carried one that holds. */
  readonly checkpoint: { readonly sequence: number; readonly createdAt: string; readonly keyId: string; readonly merkleRoot: string } | undefined;
  /** Checkpointed heads the export reaches and matched. */
  readonly headsMatched: number;
  /**
   * Events shown with credential material withheld (format 2): how many, and how often each field
   * was left out. Their chain step is checked from the digest the file gives; what they show besides
   * is not covered by that digest (`npm run audit -- verify` checks it in the store).
   */
  readonly withheld: { readonly events: number; readonly fields: Readonly<Record<string, number>> };
}

interface StreamState {
  next: bigint;
  hash: string;
}

const describe = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

/**
 * Checks an export offline: every event's hash recomputed from its content with the chain's
 * canonical encoding, each stream's revisions contiguous and linked (an export that starts
 * mid-stream, by a time range, starts from the previousHash it carries; one without `from` must
 * start each stream at revision 0), the header's checkpoint signature and each head's Merkle path to
 * its root, every checkpointed head the export reaches, and the trailer's counts. `trusted`, when
 * given, is the key to check with (an export's own key is then only compared with it).
 *
 * An event shown with credential material withheld (format 2) is chained from the contentDigest it
 * carries, and only if it withholds nothing but its type's credential fields (refusedWithholding):
 * its link and place in the chain are checked, the rest of what it shows is not, and the result
 * counts such events and their fields so the reader knows what they could not see.
 */
export async function checkExport(lines: AsyncIterable<string>, trusted?: AuditPublicKey): Promise<ExportCheck> {
  const problems: ExportProblem[] = [];
  const states = new Map<string, StreamState>();
  const broken = new Set<string>();
  let header: ExportHeader | undefined;
  let heads = new Map<string, ExportHead>();
  let checkpoint: ExportCheck['checkpoint'];
  let trailerLine: number | undefined;
  let events = 0;
  let headsMatched = 0;
  const withheld = { events: 0, fields: {} as Record<string, number> };
  let n = 0;
  for await (const text of lines) {
    n += 1;
    if (text.trim() === '' && n > 1) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push({ line: n, message: `not JSON (${describe(error)})` });
      continue;
    }
    if (n === 1) {
      const parsed = ExportHeader.safeParse(value);
      if (!parsed.success) return { events, streams: 0, problems: [{ line: 1, message: 'the first line is not an audit export header' }], checkpoint, headsMatched, withheld };
      header = parsed.data;
      heads = new Map(header.heads.map((h) => [h.stream, h]));
      checkpoint = checkHeader(header, trusted, (message) => problems.push({ line: 1, message }));
      continue;
    }
    if (trailerLine !== undefined) {
      problems.push({ line: n, message: 'a line after the trailer' });
      continue;
    }
    const trailer = ExportTrailer.safeParse(value);
    if (trailer.success) {
      trailerLine = n;
      if (trailer.data.events !== events) problems.push({ line: n, message: `the trailer counts ${trailer.data.events} events, the file has ${events} (lines removed or added)` });
      if (trailer.data.streams !== states.size) problems.push({ line: n, message: `the trailer counts ${trailer.data.streams} streams, the file has ${states.size}` });
      continue;
    }
    const parsed = ExportEvent.safeParse(value);
    if (!parsed.success) {
      problems.push({ line: n, message: `not an event line (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''})` });
      continue;
    }
    events += 1;
    const event = parsed.data;
    if (broken.has(event.stream)) continue;
    const fail = (message: string) => {
      broken.add(event.stream);
      problems.push({ line: n, message: `${event.stream} revision ${event.revision}: ${message}` });
    };
    const revision = BigInt(event.revision);
    let state = states.get(event.stream);
    if (!state) {
      const fromStart = header?.filter.from === undefined;
      if (fromStart && revision !== 0n) {
        states.set(event.stream, { next: revision, hash: event.previousHash });
        fail(`the export has no time range, yet the stream starts at revision ${revision}: revisions 0 to ${revision - 1n} are missing`);
        continue;
      }
      state = { next: revision, hash: revision === 0n ? GENESIS_HASH : event.previousHash };
      states.set(event.stream, state);
    }
    if (revision !== state.next) {
      fail(`expected revision ${state.next}${revision > state.next ? ` (revisions ${state.next} to ${revision - 1n} are missing)` : ''}`);
      continue;
    }
    if (event.previousHash !== state.hash) {
      fail(`previousHash ${event.previousHash} is not the hash of the event before it (${state.hash})`);
      continue;
    }
    const shownInPart = event.withheld !== undefined || event.contentDigest !== undefined;
    if (shownInPart) {
      const refused = refusedWithholding(event, header?.format === EXPORT_FORMAT_V1);
      if (refused !== undefined) {
        fail(refused);
        continue;
      }
    }
    let computed: string;
    try {
      const digest = event.contentDigest ?? contentDigest({ streamId: event.stream, id: event.id, type: event.type, data: event.data, metadata: event.metadata });
      computed = chainHash(state.hash, revision, digest);
    } catch (error) {
      if (!(error instanceof NonCanonicalValueError)) throw error;
      fail(`content cannot be hashed (${error.message})`);
      continue;
    }
    if (computed !== event.hash) {
      fail(
        shownInPart
          ? `recorded hash ${event.hash} but its contentDigest chains to ${computed} (the digest or the event was changed)`
          : `recorded hash ${event.hash} but the content hashes to ${computed} (the event was changed)`,
      );
      continue;
    }
    if (shownInPart) {
      withheld.events += 1;
      for (const field of event.withheld ?? []) withheld.fields[field] = (withheld.fields[field] ?? 0) + 1;
    }
    const head = heads.get(event.stream);
    if (head && head.revision === event.revision) {
      if (head.hash !== event.hash) fail(`hash ${event.hash} differs from the signed checkpoint's ${head.hash}`);
      else headsMatched += 1;
    }
    state.next = revision + 1n;
    state.hash = event.hash;
  }
  const end = trailerLine ?? n + 1;
  if (trailerLine === undefined && n > 0) problems.push({ line: n + 1, message: 'the file ends without its trailer: it was cut short' });
  if (header && header.filter.from === undefined && header.filter.to === undefined) {
    for (const head of header.heads) {
      const state = states.get(head.stream);
      if (broken.has(head.stream)) continue;
      if (!state) problems.push({ line: end, message: `${head.stream} is missing: the signed checkpoint recorded it up to revision ${head.revision}` });
      else if (state.next <= BigInt(head.revision)) {
        problems.push({ line: end, message: `${head.stream} ends at revision ${state.next - 1n}: the signed checkpoint recorded it up to revision ${head.revision} (its tail is missing)` });
      }
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { events, streams: states.size, problems, checkpoint: problems.some((p) => p.line === 1) ? undefined : checkpoint, headsMatched, withheld };
}

/**
 * Why an event line may not stand on a digest instead of its content, or undefined when it may: it
 * withholds only credential fields of its type (withheld.ts), shows none of them, and names at least
 * one with its digest. Anything else would let an export hide content the check cannot see.
 */
function refusedWithholding(event: ExportEvent, formatOne: boolean): string | undefined {
  if (formatOne) return 'format 1 withholds nothing, yet this line carries withheld fields or a contentDigest';
  const fields = event.withheld ?? [];
  if (event.contentDigest === undefined) return 'it names withheld fields without the contentDigest of its content';
  if (fields.length === 0) return 'a contentDigest without the withheld fields it stands for';
  if (new Set(fields).size !== fields.length) return `withheld names a field twice (${fields.join(', ')})`;
  const other = fields.find((field) => !isCredentialField(event.type, field));
  if (other !== undefined) return `withholds ${other} of ${event.type}, which is not credential material: an export may withhold only credential fields`;
  const shown = fields.find((field) => Object.hasOwn(event.data, field));
  if (shown !== undefined) return `withholds ${shown} yet shows it in data`;
  return undefined;
}

/** The header's checkpoint: signature with the trusted (or carried) key, and each head's path to the signed root. */
function checkHeader(header: ExportHeader, trusted: AuditPublicKey | undefined, problem: (message: string) => void): ExportCheck['checkpoint'] {
  const signed = header.checkpoint;
  if (!signed) {
    if (header.heads.length > 0) problem('heads without a checkpoint');
    return undefined;
  }
  let key = trusted;
  if (header.publicKey !== null) {
    let carried: AuditPublicKey | undefined;
    try {
      carried = auditPublicKeyFromPem(header.publicKey);
    } catch {
      problem('the public key in the header is not a PEM key');
    }
    if (carried && trusted && carried.keyId !== trusted.keyId) problem(`the header's public key ${carried.keyId} is not the trusted key ${trusted.keyId}`);
    key ??= carried;
  }
  if (!key) {
    problem('no public key to check the checkpoint with: pass --public-key FILE');
    return undefined;
  }
  const { signature, ...fields } = signed;
  if (signed.keyId !== key.keyId) problem(`the checkpoint was signed by key ${signed.keyId}, not ${key.keyId}`);
  else if (!verifyText(key, signedText(fields), signature)) problem(`checkpoint ${signed.sequence}: the signature does not match its fields (forged or altered)`);
  if (header.checkpointSize !== signed.streams) problem(`the header gives the checkpoint ${String(header.checkpointSize)} streams, it signed ${signed.streams}`);
  for (const head of header.heads) {
    const root = rootFromProof({ ...head, revision: BigInt(head.revision) }, header.checkpointSize ?? 0);
    if (root !== signed.merkleRoot) problem(`${head.stream}: its head and path do not lead to the checkpoint's signed Merkle root`);
  }
  return { sequence: signed.sequence, createdAt: signed.createdAt, keyId: signed.keyId, merkleRoot: signed.merkleRoot };
}
