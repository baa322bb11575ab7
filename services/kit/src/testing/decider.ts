import { expect } from 'vitest';
import type { Decider } from '../events/aggregate.ts';
import type { DomainEvent } from '../events/eventStore.ts';

/** An expected event in part: any field may be left out, at any depth. */
type Shape<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: Shape<T[K]> } : T;

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
          // biome-ignore lint/suspicious/noThenProperty: emmett's given/when/then wording; the chain is synchronous and never awaited
          then: (...expected: E[]) => expect(run()).toEqual(expected),
          /** The decision's events match these shapes (partial objects), in this order. */
          thenMatches: (...expected: Shape<E>[]) => expect(run()).toMatchObject(expected),
          /** The command changes nothing: no events. */
          thenNothing: () => expect(run()).toEqual([]),
          /** The command is refused with this message. */
          thenThrows: (message: string) => expect(run).toThrow(message),
        };
      },
    }),
  };
}
