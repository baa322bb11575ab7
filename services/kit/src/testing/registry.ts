import type { CryptoKey } from 'jose';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import type { OutboxRelay } from '../events/outbox.ts';
import type { App } from '../http/app.ts';
import type { RunningJob } from '../jobs.ts';
import type { Logger } from '../logger.ts';

// Kept apart from the rest of kit/testing (and free of runtime imports) so that registering a
// starter, which every test file's setup does, loads neither database drivers nor services.

/** The parts of the platform a system test reaches directly. */
export type PlatformPart =
  | 'identity'
  | 'marketplace'
  | 'messaging'
  | 'events'
  | 'media'
  | 'notifications'
  | 'drafts'
  | 'orders'
  | 'webhooks'
  | 'realtime';

/** A running part: its own URL (behind the gateway), its app and how to stop it. */
export interface RunningPart {
  url: string;
  app: App;
  /** A service's jobs by name, run at once by tests with `runNow` (realtime has none). */
  jobs?: Readonly<Record<string, RunningJob>>;
  /** A service's outbox relay (tests hold publishing back with `stop`, then `start`); realtime has none. */
  relay?: OutboxRelay;
  stop: () => Promise<void>;
}

/** A key tests sign with. */
export interface TestSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** The platform a starter ran: the gateway's URL, its parts, identity's signing keys. */
export interface StartedPlatform {
  url: string;
  services: Record<PlatformPart, RunningPart>;
  /** Identity's access-token key (`active`) and the developer issuer's key (`dev`). */
  keys: { active: TestSigningKey; dev: TestSigningKey };
  stop: () => Promise<void>;
}

/** Starts the whole platform on a database and bus the kit prepared for one test file. */
export type PlatformStarter = (options: {
  env: Record<string, string>;
  database: Database;
  bus: EventBus;
  log: Logger;
}) => Promise<StartedPlatform>;

let registered: PlatformStarter | undefined;

/**
 * Names how the platform starts. The kit cannot import the services or the launchers (they depend
 * on it), so the launcher registers itself: deploy/local/testing.ts, a vitest setup file.
 */
export function registerTestPlatform(starter: PlatformStarter) {
  registered = starter;
}

/** The registered starter; throws when none is, naming where registration happens. */
export function platformStarter(): PlatformStarter {
  if (!registered) {
    throw new Error(
      'No platform starter is registered: run tests through the root vitest.config.ts, whose setupFiles registers deploy/local/testing.ts.',
    );
  }
  return registered;
}
