/**
 * Work queued during one turn of the event loop, run together at its end (setImmediate), in the
 * order it was queued; each caller gets its own result or error.
 *
 * The PostgreSQL adapter prepares its appends so: the canonical JSON, the content digests and the
 * chain of every append a turn started are computed in one run, and their statements are all sent
 * after it. At 50 concurrent writers a turn starts about 25 appends (replies arrive together); sent
 * one by one between the replies' callbacks, each write woke a PostgreSQL backend in the middle of
 * the writer's turn, and on two cores that cost more CPU per append than the whole chain does
 * (docs/performance/append-and-verify.md, "Appends prepared at the end of the turn").
 */
export function turnEndQueue() {
  let queued: Array<() => void> = [];
  const runQueued = (): void => {
    const run = queued;
    queued = [];
    for (const work of run) work();
  };
  return function atTurnEnd<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (queued.length === 0) setImmediate(runQueued);
      queued.push(() => {
        try {
          resolve(work());
        } catch (error) {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller gets what the work threw, as if it had run it
          reject(error);
        }
      });
    });
  };
}
