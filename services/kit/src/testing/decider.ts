import { expect } from 'vitest';
import { AppError } from '../errors.ts';
import type { Decider } from '../events/aggregate.ts';
import type { DomainEvent } from '../events/eventStore.ts';

/** An expected event in part: any field may be left out, at any depth. */
type Shape<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: Shape<T[K]> } : T;

/**
 * The refusal a command is expected to meet, by its stable code: the error declared with
 * `createError` (`GigNotFound`, `Forbidden`), or its code when the service keeps the declaration
 * to itself (`'EVENT_FULL'`). Never the message: its words may change, and often come from contracts.
 */
export type ExpectedRefusal = string | ((override?: string) => AppError);

const codeOf = (expected: ExpectedRefusal) => (typeof expected === 'string' ? expected : expected().code);

/** What the decision was instead of the expected error, for the failure message. */
function refusalOf(decide: () => unknown): AppError {
  let outcome: unknown;
  try {
    outcome = decide();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw new Error(`The command was refused without a code (${String(error)}): declare its error with createError`);
  }
  throw new Error(`The command was expected to be refused, but it decided ${JSON.stringify(outcome)}`);
}

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
          /**
           * The command is refused with this error code (emmett's `thenThrows(ErrorType)`), and the
           * error passes `check` when one is given (its details, say).
           */
          thenThrows: (expected: ExpectedRefusal, check?: (error: AppError) => boolean) => {
            const error = refusalOf(run);
            expect(error.code).toBe(codeOf(expected));
            if (check) expect(check(error), `${error.code} did not pass the check`).toBe(true);
          },
        };
      },
    }),
  };
}
