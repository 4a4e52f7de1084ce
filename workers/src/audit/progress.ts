/**
 * Progress of a long command on stderr: a redrawn bar when stderr is a terminal, else a line every
 * few seconds (a log or CI keeps a readable record, not carriage returns).
 */
export interface Progress {
  update(done: number): void;
  finish(done: number): void;
}

const WIDTH = 30;
const LINE_EVERY_MS = 5_000;
const REDRAW_EVERY_MS = 100;

export function progressOnStderr(label: string, total: number | undefined, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = performance.now();
  let shownAt = 0;
  const text = (done: number) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    if (total === undefined || total === 0) return `${label}: ${done} events (${rate}/s)`;
    const share = Math.min(1, done / total);
    const filled = Math.round(share * WIDTH);
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${Math.floor(share * 100)}% ${done}/${total} events (${rate}/s)`;
  };
  const tty = stream.isTTY === true;
  return {
    update(done) {
      const now = performance.now();
      if (now - shownAt < (tty ? REDRAW_EVERY_MS : LINE_EVERY_MS)) return;
      shownAt = now;
      stream.write(tty ? `\r${text(done)}\u001b[K` : `${text(done)}\n`);
    },
    finish(done) {
      stream.write(tty ? `\r${text(done)}\u001b[K\n` : `${text(done)}\n`);
    },
  };
}
