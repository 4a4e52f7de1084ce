import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../logging/logger.js';

export interface CapturedLogs {
  readonly logger: Logger;
  /** Every line written, as written (JSON text). */
  readonly lines: string[];
  /** Every line parsed: what a log reader would see, field by field. */
  records(): Record<string, unknown>[];
  text(): string;
}

/** A logger of the product's own shape writing to memory, for tests that read what was logged. */
export function captureLogs(service: string, level: string): CapturedLogs {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: createLogger(service, level, stream),
    lines,
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join('\n'),
  };
}
