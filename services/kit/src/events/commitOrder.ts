import type { SnapshotRead, StoredEvent } from './eventStore.ts';

/**
 * Which events after the relay's position it may publish now, in position order, with no gap.
 *
 * Writers of different streams commit in parallel, so a position can become visible after higher
 * ones: its transaction is still running (it will commit, and must be published first), or it
 * rolled back (a conflict, a crash: the position stays empty for ever). The two look the same in
 * one read. A writer takes its transaction id before its positions (appendToStreams), so every
 * writer of a position below a visible event had an id below the reading snapshot's `runningTo`.
 * Once a later snapshot's `runningFrom` reaches that bound, all of them have ended, and a position
 * that read still does not show is empty for ever. Until then the relay waits at the gap.
 */
export class CommitOrder {
  /** Positions below `below` missing at a read are empty for ever once no transaction older than `runningTo` runs. */
  private gap: { below: number; runningTo: bigint } | null = null;

  /** The events of `read` that follow `position` with no gap that could still fill. */
  publishable(position: number, read: SnapshotRead): StoredEvent[] {
    const ready: StoredEvent[] = [];
    let at = position;
    for (const event of read.events) {
      if (event.globalPosition !== at + 1 && !this.settled(at, event.globalPosition, read)) break;
      ready.push(event);
      at = event.globalPosition;
    }
    return ready;
  }

  /** Whether the empty positions between `at` and `next` are empty for ever; if not known yet, remembers what would tell. */
  private settled(at: number, next: number, read: SnapshotRead): boolean {
    const gap = this.gap;
    const ended = gap !== null && read.runningFrom >= gap.runningTo;
    if (gap && next <= gap.below && ended) return true;
    if (gap && at + 1 < gap.below && !ended) return false;
    this.gap = { below: next, runningTo: read.runningTo };
    return false;
  }
}
