import type { Actor } from '@nq/contracts';

/** What a decision may know of the world: time and identity come in, never fetched. */
export interface DecideContext {
  now: Date;
  actor: Actor;
}

export interface DomainEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  type: Type;
  data: Data;
}

/** A pure aggregate: `decide` answers events or throws a DomainError; `evolve` folds events into state. */
export interface Decider<Command, Event extends DomainEvent, State, Context extends DecideContext = DecideContext> {
  initialState: State;
  decide(command: Command, state: State, context: Context): Event[];
  evolve(state: State, event: Event): State;
}

export const foldEvents = <Event extends DomainEvent, State>(
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>,
  events: Event[],
) => events.reduce(decider.evolve, decider.initialState);
