/**
 * A destructive action's button (Delete, in a confirmation dialog). Apart from classes.ts, which
 * every page loads: only the screens that delete something carry it.
 */
export const buttonDanger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';
