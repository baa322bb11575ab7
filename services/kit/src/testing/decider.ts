import { expect } from 'vitest';
import type { Decider } from '../events/aggregate.ts';
import type { DomainEvent } from '../events/eventStore.ts';

/**
 * A decider test in one line, without I/O (emmett's DeciderSpecification):
 * `spec.given(memberJoined).when(postMessage).then(messagePosted)`. The state is folded from the
 * given events with the decider's own `evolve`, exactly as the aggregate store folds a stream.
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  return {
    given: (...events: E[]) => ({
      when: (command: C) => {
        const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
        return {
          /** The decision is exactly these events, in this order. */
          then: (...expected: E[]) => expect(run()).toEqual(expected),
          /** The decision's events match these shapes (partial objects), in this order. */
          thenMatches: (...expected: { type: E['type']; data?: Partial<E['data']> }[]) => expect(run()).toMatchObject(expected),
          /** The command changes nothing: no events. */
          thenNothing: () => expect(run()).toEqual([]),
          /** The command is refused with this message. */
          thenThrows: (message: string) => expect(run).toThrow(message),
        };
      },
    }),
  };
}
