import { loadavg } from 'node:os';

/** Milliseconds as the results tables show them: one decimal under 100, whole and grouped above, a dash for none. */
export const ms = (n: number) => (Number.isNaN(n) ? '—' : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));

/** The load averages (1, 5, 15 min), as a run's figures state them. */
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
