import { randomUUID } from 'node:crypto';
import type { EventContract, EventEnvelope } from '@commonwork/contracts';
import { z } from 'zod';

/** A published event for tests: `buildEnvelope({ type: 'testing.thing.happened' })`. */
export function buildEnvelope(overrides: Partial<EventEnvelope> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'testing.thing.happened',
    version: 1,
    occurredAt: new Date().toISOString(),
    streamId: `thing-${randomUUID()}`,
    data: { n: 0 },
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
    ...overrides,
  };
}

/** An event contract for tests, taking any payload (and any subject: test streams number theirs). */
export const testEvent = (type: string, version = 1): EventContract<string, z.ZodUnknown> => ({ type, version, schema: z.unknown() });
