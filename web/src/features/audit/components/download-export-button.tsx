import { useState } from 'react';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/api-client';
import { exportFileName, fetchStreamExport, saveAsFile } from '../api/export-stream';

const FAILED = 'The export could not be downloaded.';

/** Downloads the stream's export: the same JSON lines as `npm run audit -- export --stream`, checkable with verify-export. */
export function DownloadExportButton({ streamId, disabled = false }: { streamId: string; disabled?: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveAsFile(await fetchStreamExport(streamId), exportFileName(streamId));
    } catch (error) {
      enqueueSnackbar(errorMessage(error, FAILED), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" onClick={() => void download()} disabled={disabled || busy}>
      {busy ? 'Preparing export…' : 'Download export'}
    </Button>
  );
}
