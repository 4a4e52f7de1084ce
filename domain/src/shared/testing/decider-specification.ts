import { expect } from 'vitest';
import { eventSchemas, isEventType } from '@concierge/contracts';
import type { DomainEvent } from '../command-context.js';

/** The pure half of an aggregate: what a decider spec runs. */
export interface Decider<S, E extends DomainEvent, C> {
  readonly initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}

/** What `toThrow` accepts: an error class, an error with the expected message, a message or a pattern. */
type ExpectedError = (abstract new (...args: never[]) => Error) | Error | string | RegExp;

/**
 * A stream's history in a decider spec: the events so far and the state they fold to.
 * `when(command)` decides on that state.
 */
export class Given<S, E extends DomainEvent, C> {
  constructor(
    private readonly decider: Decider<S, E, C>,
    private readonly past: readonly E[],
  ) {}

  /** Every event so far, oldest first. */
  get events(): E[] {
    return [...this.past];
  }

  /** The state the events fold to. */
  get state(): S {
    return this.past.reduce((state, event) => this.decider.evolve(state, event), this.decider.initialState);
  }

  /** This history with what these commands decide after it, each on the state the ones before it left. */
  after(...commands: readonly C[]): Given<S, E, C> {
    return new Given(
      this.decider,
      commands.reduce<readonly E[]>((events, command) => new When(this.decider, events, command).history, this.past),
    );
  }

  when(command: C): When<S, E, C> {
    return new When(this.decider, this.past, command);
  }
}

/**
 * One command decided on a history. The decision is taken when asked for, so `thenThrows` can
 * watch it throw; every event decided must pass its contract schema, as an append would require.
 */
export class When<S, E extends DomainEvent, C> {
  constructor(
    private readonly decider: Decider<S, E, C>,
    private readonly past: readonly E[],
    private readonly command: C,
  ) {}

  private decide(): E[] {
    const state = this.past.reduce((s, event) => this.decider.evolve(s, event), this.decider.initialState);
    const decided = this.decider.decide(this.command, state);
    for (const event of decided) {
      if (!isEventType(event.type)) throw new Error(`decided an event of no contract: ${event.type}`);
      eventSchemas[event.type].parse(event.data);
    }
    return decided;
  }

  /** The events decided, for a spec that checks them in its own way (a count, a partial match). */
  get events(): E[] {
    return this.decide();
  }

  /** The history with the decided events after it. */
  get history(): E[] {
    return [...this.past, ...this.decide()];
  }

  /** The state after the decided events. */
  get state(): S {
    return this.history.reduce((s, event) => this.decider.evolve(s, event), this.decider.initialState);
  }

  /** Asserts that exactly these events are decided. */
  then(expected: readonly E[]): void {
    expect(this.decide()).toEqual(expected);
  }

  /** Asserts that the command changes nothing: no event is decided (a repeat, a setting already set). */
  thenNothingHappens(): void {
    expect(this.decide()).toEqual([]);
  }

  /** Asserts that the command is refused with each of these (an error class, its message); answers the error for further checks. */
  thenThrows(...expected: readonly ExpectedError[]): Error {
    for (const error of expected) expect(() => this.decide()).toThrow(error);
    try {
      this.decide();
    } catch (error) {
      if (error instanceof Error) return error;
      throw new Error(`the refusal is not an Error: ${String(error)}`, { cause: error });
    }
    throw new Error('expected the command to be refused');
  }
}

/**
 * Given / when / then over a decider (in the manner of Emmett's DeciderSpecification): a history
 * of events, or of commands decided in turn, then one command and what it decides or how it is
 * refused. Every spec of a decider in the domain is written with it.
 *
 *     const spec = DeciderSpecification.for(planAggregate);
 *     spec.givenCommands(create()).when(create()).thenNothingHappens();
 *     spec.givenCommands(create()).when(create('p1', other)).thenThrows(ConflictError, PLAN_EXISTS_MESSAGE);
 *     const joined = spec.givenCommands(create()).after(join('u-1'));
 */
export class DeciderSpecification<S, E extends DomainEvent, C> {
  private constructor(private readonly decider: Decider<S, E, C>) {}

  static for<S, E extends DomainEvent, C>(decider: Decider<S, E, C>): DeciderSpecification<S, E, C> {
    return new DeciderSpecification(decider);
  }

  /** A history of these events. */
  given(events: readonly E[] = []): Given<S, E, C> {
    return new Given(this.decider, events);
  }

  /** The history these commands leave, each decided on the state the ones before it left. */
  givenCommands(...commands: readonly C[]): Given<S, E, C> {
    return this.given().after(...commands);
  }
}
