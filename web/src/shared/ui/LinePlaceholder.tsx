/**
 * A pulsing bar where a line of text is not known yet, inside that line (so the line keeps its
 * height and nothing moves when the text arrives). `width` is a width class.
 */
export function LinePlaceholder({ width }: { width: string }) {
  return (
    <span
      className={`inline-block h-[0.8em] ${width} animate-pulse rounded bg-slate-200 align-middle dark:bg-slate-700`}
      aria-hidden="true"
    />
  );
}
