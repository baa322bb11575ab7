import { PUBLIC_EVENT_TYPES, PUBLIC_EVENTS, PUBLIC_TYPE_OF_EVENT } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SOURCES } from './audience.ts';

describe('the public events webhooks records', () => {
  it('takes exactly the domain events PUBLIC_EVENTS names, each once', () => {
    const sources = PUBLIC_SOURCES.map((c) => c.type);
    expect(new Set(sources).size).toBe(sources.length);
    expect([...sources].sort()).toEqual(PUBLIC_EVENT_TYPES.map((t) => PUBLIC_EVENTS[t].from.type).sort());
    for (const source of PUBLIC_SOURCES) expect(PUBLIC_TYPE_OF_EVENT[source.type], source.type).toBeDefined();
  });
});
