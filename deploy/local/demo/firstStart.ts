import type { Database, Logger } from '@commonwork/kit';
import { type DemoOptions, platformContents, seedDemo } from './seedDemo.ts';

/** What `npm start` was asked: `--demo` (the default on an empty platform) or `--empty`. */
export interface StartFlags {
  demo: boolean;
  empty: boolean;
}

export type FirstStart =
  | { outcome: 'seeded'; message: string }
  | { outcome: 'empty'; message: string }
  | { outcome: 'skipped'; message: string }
  | { outcome: 'kept'; message: null };

/** Reads the launcher's flags; both at once is a mistake the caller reports. */
export function startFlags(argv: readonly string[]): StartFlags | { error: string } {
  const flags = { demo: argv.includes('--demo'), empty: argv.includes('--empty') };
  if (flags.demo && flags.empty) return { error: '--demo and --empty ask for opposite things: start with one of them' };
  return flags;
}

/**
 * The demo on a first start: a platform with no people and no gigs gets the demo unless started
 * with `--empty`; one that has either is never touched (`--demo` says why it did nothing). The
 * message says what happened and how to get the other.
 */
export async function prepareFirstStart(
  database: Database,
  flags: StartFlags,
  log?: Logger,
  options: DemoOptions = {},
): Promise<FirstStart> {
  const { users, gigs } = await platformContents(database);
  const empty = users === 0 && gigs === 0;
  if (!empty) {
    if (!flags.demo) return { outcome: 'kept', message: null };
    return {
      outcome: 'skipped',
      message: `--demo skipped: the platform already has ${users} people and ${gigs} gigs, and the demo goes only into an empty one (start on an empty data directory for it, e.g. DATA_DIR=./demo-data npm start)`,
    };
  }
  if (flags.empty)
    return {
      outcome: 'empty',
      message:
        'Started empty (--empty): no demo data. `npm start` without --empty adds the demo while the platform has no people and no gigs.',
    };
  const demo = await seedDemo(database, options, log);
  if (!demo.seeded) return { outcome: 'kept', message: null };
  const who = demo.host ? ` Sign in with the developer sign-in as ${demo.host.email} (${demo.host.name}) to see a full account.` : '';
  return {
    outcome: 'seeded',
    message: `First start: seeded the demo (${demo.users} people, ${demo.gigs} gigs, ${demo.events} events, ${demo.channels} channels, ${demo.chats} conversations).${who} For an empty platform instead, start on an empty data directory with \`npm start -- --empty\`.`,
  };
}
