/**
 * Messages received and not yet handled, between a bus's receiving loop and its handling loop: the
 * handler takes everything that gathered while it was busy. Bounded: a full queue holds the
 * receiver back, so a consumer never holds more than it asked the server for.
 */
export class Waiting<T> {
  private items: T[] = [];
  private ended = false;
  private arrived: (() => void) | undefined;
  private freed: (() => void) | undefined;

  constructor(private readonly capacity: number) {}

  /** Adds an item; resolves once there is room for the next. */
  async push(item: T) {
    this.items.push(item);
    this.arrived?.();
    while (this.items.length >= this.capacity && !this.ended) await new Promise<void>((resolve) => (this.freed = resolve));
  }

  /** No more items will come; `take` returns what is left, then nothing. */
  end() {
    this.ended = true;
    this.arrived?.();
    this.freed?.();
  }

  /** Up to `max` items, oldest first, once there is at least one; none when ended and empty. */
  async take(max: number): Promise<T[]> {
    while (this.items.length === 0 && !this.ended) await new Promise<void>((resolve) => (this.arrived = resolve));
    this.arrived = undefined;
    const taken = this.items.splice(0, max);
    this.freed?.();
    this.freed = undefined;
    return taken;
  }
}
