import type { EventBus, MemoryBus } from '@commonwork/kit';

/**
 * The in-process bus, except that events of the given services are counted and dropped. Publishing
 * a seed's hundred thousand events through the in-process bus takes minutes (its duplicate-window
 * expiry scans every remembered id on each publish), and the consumers of them, which a benchmark
 * does not exercise, would then handle them all on the event loop under measurement.
 */
export function droppingEventsOf(bus: MemoryBus, services: readonly string[]): EventBus & { dropped: () => number } {
  let dropped = 0;
  const prefixes = services.map((service) => `${service}.`);
  return {
    ensureStream: (stream, subjects) => bus.ensureStream(stream, subjects),
    publish: async (envelope) => {
      if (prefixes.some((prefix) => envelope.type.startsWith(prefix))) dropped++;
      else await bus.publish(envelope);
    },
    consume: (spec) => bus.consume(spec),
    ping: () => bus.ping(),
    close: () => bus.close(),
    dropped: () => dropped,
  };
}
