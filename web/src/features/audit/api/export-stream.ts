import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api } from '../../../lib/api-client';
import { saveAsFile as saveFile } from '../../../lib/save-file';

/** The name the export is saved under, as the server's Content-Disposition gives it. */
export function exportFileName(streamId: string): string {
  return `audit-export-${streamId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120)}.jsonl`;
}

/**
 * GET /audit/export?stream=: the stream's export (JSON lines) as text. Fetched with the session's
 * token like every call (a plain link would carry none), then handed to the browser as a file.
 */
export function fetchStreamExport(streamId: string): Promise<string> {
  // A text route: the client hands its JSON lines back as they came.
  return api(auditRoutes.exportStream, { query: { stream: streamId } });
}

/** Saves an export's JSON lines as a file. */
export const saveAsFile = (text: string, fileName: string): void => saveFile(text, fileName, 'application/x-ndjson');
