import { START, type Position } from '@concierge/platform/event-store/position';
import { catchUp, type CatchUpDeps } from '../projections/runtime/catch-up.js';
import type { Reactor } from './reactor.js';

export interface ReactorRun {
  readonly events: number;
  readonly position: Position;
}

/** Runs a reactor through the one catch-up runtime (projections/runtime/catch-up.ts). */
export async function runReactor(reactor: Reactor, deps: CatchUpDeps): Promise<ReactorRun> {
  const { events, position } = await catchUp(reactor, deps);
  // A reactor's first run sets its checkpoint before reading, so a run always ends at a position.
  return { events, position: position ?? START };
}
