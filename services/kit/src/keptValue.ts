/**
 * A value that is costly to read and may be a little old (a dashboard's ranking): read once, then
 * served to every call for `ttlMs`. An expired value is still served while the next is read, one
 * read at a time, so no call waits on it but the first. `invalidate` (a change this process made)
 * makes the next call read afresh, and a read that overlapped it is not kept.
 */
export function keptValue<T>(read: () => Promise<T>, ttlMs: number) {
  let kept: { value: T; at: number } | null = null;
  let reading: Promise<T> | null = null;
  let generation = 0;

  const readAgain = () => {
    if (reading) return reading;
    const started = generation;
    reading = read()
      .then((value) => {
        if (started === generation) kept = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  return {
    async get(): Promise<T> {
      if (!kept) return readAgain();
      if (Date.now() - kept.at > ttlMs) readAgain().catch(() => undefined);
      return kept.value;
    },
    invalidate() {
      generation++;
      kept = null;
    },
  };
}
