import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { config } from '../../config/env';
import { explorerTxLink, shortenHash } from '../format';

/** A transaction hash as its first 10 characters, linked to the block explorer (SPEC.md section 9). */
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
      aria-label={`Transaction ${hash}`}
      sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
    >
      {shortenHash(hash)}
    </Link>
  );
}
