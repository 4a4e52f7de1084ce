import type { CatchUpDeps } from '../projections/runtime/catch-up.js';
import type { Reactor } from '../reactors/reactor.js';
import { runReactor, type ReactorRun } from '../reactors/run-reactor.js';

/**
 * A reactor's run in a test: up to every event committed when it was called. One read can stop
 * short of events already committed (readers see nothing above a transaction open when their
 * snapshot was taken, and another test file's transaction ending at that moment counts as open),
 * so a run after the first passes catch-up's `reach` and waits for them, as the projection harness
 * does. A first run starts at the head and mails nobody about what came before; it is left as it is.
 */
export async function runReactorToCommitted(reactor: Reactor, deps: CatchUpDeps): Promise<ReactorRun> {
  const started = (await deps.readStore.getCheckpoint(reactor.name)) !== undefined;
  return runReactor(reactor, started ? { ...deps, reach: await deps.eventStore.lastPosition() } : deps);
}
