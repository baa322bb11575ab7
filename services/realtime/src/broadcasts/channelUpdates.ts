import type { ChannelUpdatedPayload } from '@commonwork/contracts';
import type { Logger } from '@commonwork/kit';
import type { z } from 'zod';

export type ChannelUpdate = z.infer<typeof ChannelUpdatedPayload>;

export interface ChannelUpdatesOptions {
  /** Sends one `channel-updated` to the channel's room. */
  emit: (update: ChannelUpdate) => void;
  log: Logger;
  /** The shortest time between two emits for one channel; default 1 s. */
  windowMs?: number;
}

interface Window {
  timer: NodeJS.Timeout;
  /** The sequence of the update that opened the window. */
  sent: number;
  /** The newest update that came in during the window, sent when it ends. */
  pending: ChannelUpdate | null;
}

/**
 * `channel-updated` at most once per window per channel on this replica, with the latest values.
 *
 * Why: every room member already receives each message as `new-message` and advances the channel's
 * last sequence and activity from it; only the message count needs this event. Sending it with
 * every message wrote each message twice to every socket of a busy room. The first update after a
 * quiet window goes out at once; newer ones during the window are held (the highest sequence wins,
 * so an older one never replaces a newer one) and the newest goes out when the window ends, so
 * clients hold the final state within one window. Replicas throttle independently; clients keep
 * the update with the highest sequence.
 */
export class ChannelUpdates {
  private readonly windows = new Map<string, Window>();
  private readonly windowMs: number;
  private closed = false;

  constructor(private readonly options: ChannelUpdatesOptions) {
    this.windowMs = options.windowMs ?? 1_000;
  }

  /** Emits now if the channel's window is closed, else keeps the update for the window's end if it is the newest. */
  publish(update: ChannelUpdate): void {
    if (this.closed) return;
    const open = this.windows.get(update.channelId);
    if (!open) {
      this.send(update);
      return;
    }
    if (update.lastSequence > (open.pending?.lastSequence ?? open.sent)) open.pending = update;
  }

  /**
   * Drops the held updates and their timers, and ignores later ones (a handler may still be in
   * flight). The server is stopping: its sockets are disconnected, and clients read the channel
   * list again when they reconnect.
   */
  close(): void {
    this.closed = true;
    for (const open of this.windows.values()) clearTimeout(open.timer);
    this.windows.clear();
  }

  private send(update: ChannelUpdate): void {
    this.options.emit(update);
    const timer = setTimeout(() => this.windowEnded(update.channelId), this.windowMs);
    this.windows.set(update.channelId, { timer, sent: update.lastSequence, pending: null });
  }

  private windowEnded(channelId: string): void {
    const pending = this.windows.get(channelId)?.pending;
    this.windows.delete(channelId);
    if (!pending) return;
    // A timer has no caller to report to: a failed emit is logged, not thrown out of the process.
    try {
      this.send(pending);
    } catch (error) {
      this.options.log.warn({ err: error, channelId }, 'channel-updated failed');
    }
  }
}
