import { DomainError, type HttpErrorCode } from '@nq/contracts';
import { expect } from 'vitest';
import type { DecideContext, Decider, DomainEvent } from './decider.ts';

export const testContext: DecideContext = {
  now: new Date('2026-03-01T10:00:00Z'),
  actor: { userId: 'user-1', profileId: 'profile-1' },
};

/**
 * Given/when/then for deciders (the emmett style):
 *   spec(tagDecider).given([created]).when(rename).then([renamed])  or  .thenFails('tags.nameExists')
 */
export function specification<Command, Event extends DomainEvent, State, Context extends DecideContext = DecideContext>(
  decider: Decider<Command, Event, State, Context>,
  baseContext: Context = testContext as Context,
) {
  return {
    given: (events: Event[]) => ({
      when: (command: Command, context: Partial<Context> = {}) => {
        const decide = () =>
          decider.decide(command, events.reduce(decider.evolve, decider.initialState), { ...baseContext, ...context });
        return {
          // biome-ignore lint/suspicious/noThenProperty: given/when/then reads best as .then(events); never awaited
          then: (expected: Event[]) => expect(decide()).toEqual(expected),
          thenMatches: (expected: Partial<Event>[]) => expect(decide()).toMatchObject(expected),
          thenFails: (code: HttpErrorCode, details?: unknown) => {
            let thrown: unknown;
            try {
              decide();
            } catch (error) {
              thrown = error;
            }
            expect(thrown, `expected ${code}`).toBeInstanceOf(DomainError);
            expect((thrown as DomainError).code).toBe(code);
            if (details !== undefined) expect((thrown as DomainError).details).toMatchObject(details as object);
          },
        };
      },
    }),
  };
}
