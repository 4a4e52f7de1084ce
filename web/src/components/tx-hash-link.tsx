import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { config } from '../config/env';
import { explorerTxLink, shortenHash } from '../lib/format';

type TxHashLinkProps = {
  /** Null or '' while there is no transaction yet: shows "—". */
  hash: string | null;
  /** The link's accessible name; members' screens spell out where it leads. */
  ariaLabel?: (hash: string) => string;
};

const byHash = (hash: string) => `Transaction ${hash}`;

/** The accessible name members' screens give the link. */
export const onExplorer = (hash: string) => `View transaction ${hash} on the block explorer`;

/** A transaction hash as its first 10 characters, linked to the block explorer. */
export function TxHashLink({ hash, ariaLabel = byHash }: TxHashLinkProps) {
  if (hash === null || hash === '') {
    return (
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        —
      </Typography>
    );
  }
  return (
    <Link
      href={explorerTxLink(config.explorerTxUrl, hash)}
      target="_blank"
      rel="noopener noreferrer"
      title={hash}
      aria-label={ariaLabel(hash)}
      sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
    >
      {shortenHash(hash)}
    </Link>
  );
}
