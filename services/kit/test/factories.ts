import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@commonwork/contracts';

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
