import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { config } from '../../../config/env';
import { explorerTxLink, shortenHash } from '../../../lib/format';

/** SPEC section 9: the first 10 characters of a hash, linked to the block explorer; "—" when there is none yet. */
export function TxHashLink({ hash }: { hash: string | null }) {
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
      aria-label={`View transaction ${hash} on the block explorer`}
      sx={{ fontFamily: 'monospace' }}
    >
      {shortenHash(hash)}
    </Link>
  );
}
