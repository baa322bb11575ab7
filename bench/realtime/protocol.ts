/** The two realtime replicas of the bench: the sender's socket is on A, the measured receivers on B. */
export type Side = 'A' | 'B';

/** The event of the adapter-only path: emitted with `io.to(room).emit` on replica A, no persistence. */
export const PING_EVENT = 'bench-ping';

/** Padding, so the floor's and the adapter's payloads weigh about what a `new-message` payload does. */
export const PAD = 'x'.repeat(600);

export interface PingPayload {
  tag: string;
  index: number;
  /** The bench clock (`hrNow`) when the replica emitted it. */
  sentAt: number;
  pad: string;
}
