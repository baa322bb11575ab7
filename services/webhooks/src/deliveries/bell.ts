/**
 * Wakes this process's dispatchers: rung after a commit that made deliveries due (a public event's
 * deliveries, a ping, a redelivery), so they go out at once instead of at the next poll. Another
 * replica finds them at its next poll.
 */
const listeners = new Set<() => void>();

export function ringDeliveries() {
  for (const listener of listeners) listener();
}

export function onDeliveriesRung(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
