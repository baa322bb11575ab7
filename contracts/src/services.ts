import { draftsRoutes } from './http/drafts.ts';
import { eventsRoutes } from './http/events.ts';
import { identityRoutes } from './http/identity.ts';
import { marketplaceRoutes } from './http/marketplace.ts';
import { mediaRoutes } from './http/media.ts';
import { messagingRoutes } from './http/messaging.ts';
import { notificationsRoutes } from './http/notifications.ts';
import { ordersRoutes } from './http/orders.ts';
import type { RouteContract } from './http/route.ts';
import { webhooksRoutes } from './http/webhooks.ts';

/**
 * A setting a deployment gives one service beyond the shared ones (the database, the bus, Redis, the
 * URLs of the services it needs). docker-compose.yml and deploy/k8s are generated with it
 * (`npm run generate`); the service's own config.ts parses it.
 */
export interface ServiceSetting {
  name: string;
  /**
   * In docker-compose.yml: a value; or the shell's variable (`shellVariable`, default the setting's
   * name) with `shellDefault` when it is unset; or `passThrough`: the shell's value only when it is
   * set (an empty value would be invalid). Absent: not in docker-compose.yml.
   */
  compose?:
    | { value: string; note?: string }
    | { shellDefault: string; shellVariable?: string; note?: string }
    | { passThrough: true; note?: string };
  /** In deploy/k8s: a value, or a key of a Secret (the key's name is the setting's). Absent: an overlay adds it. */
  k8s?: { value: string; note?: string } | { secret: string; optional: boolean; note?: string };
}

/** What runs one service in docker-compose.yml and deploy/k8s beyond what every service gets. */
export interface ServiceDeployment {
  /** The servers it uses, so compose starts it after them; default PostgreSQL and NATS. */
  servers?: readonly ('postgres' | 'nats' | 'redis')[];
  settings?: readonly ServiceSetting[];
  /** A volume that keeps the service's files across restarts (docker-compose.yml). */
  composeVolume?: { name: string; path: string };
  /** A Secret mounted read-only as one file, its path in `env` (deploy/k8s). */
  secretFile?: { secret: string; key: string; mountPath: string; env: string };
  /** The container's memory limit when 512Mi is not enough (deploy/k8s), and why. */
  memoryLimit?: { value: string; note: string };
}

/**
 * One service, declared once: what it serves, where it listens, what it reads and sends, and whom it
 * calls. The launchers (deploy/local), the gateway's upstreams, docker-compose.yml and deploy/k8s
 * are made from these entries; its runtime half (definition, projections, migrations) is its entry
 * in deploy/local/services.ts.
 */
export interface ServiceManifest {
  /** One line of what it does, for the generated deployment files. */
  summary: string;
  /** The path prefixes it owns: the gateway proxies them to it. */
  prefixes: readonly string[];
  /** Its public calls (contracts/src/http/<service>.ts). */
  routes: Readonly<Record<string, RouteContract>>;
  /** Its first replica's port in cluster mode and in the deployments (the next local ones: 100 above). */
  port: number;
  /** Replicas in cluster mode and deploy/k8s. */
  replicas: number;
  /** It publishes events on its own stream (`<NAME>`, subjects `<name>.>`). */
  publishes: boolean;
  /** The services whose streams it consumes (its handlers/index.ts subscriptions; every service takes identity's for forgetting a deleted account). */
  consumes: readonly string[];
  /** The services whose URLs it is given (`<NAME>_URL`) and that start before it. */
  needs: readonly string[];
  deploy?: ServiceDeployment;
}

const IDENTITY = ['identity'] as const;

/** The web app's address as people reach it: the links a service sends out (calendar entries, mails) start with it. */
const PUBLIC_URL: ServiceSetting = {
  name: 'PUBLIC_URL',
  compose: { shellDefault: 'http://localhost:8080' },
  k8s: { value: 'https://commonwork.example.com' },
};

/**
 * Every service of the platform, in start and document order. A new service is one entry here, one
 * in deploy/local/services.ts, and its folder under services/; `npm run generate` writes its
 * deployment files.
 */
export const SERVICE_MANIFEST = {
  identity: {
    summary: 'sign-in, the dev issuer, users and profiles',
    prefixes: ['/api/auth', '/api/users', '/api/platform', '/api/tokens', '/api/me'],
    routes: identityRoutes,
    port: 4001,
    replicas: 2,
    publishes: true,
    consumes: ['marketplace', 'events', 'messaging', 'orders'],
    needs: [],
    deploy: {
      servers: ['postgres', 'nats', 'redis'],
      settings: [
        { name: 'DATA_DIR', compose: { value: '/app/data' } },
        { name: 'AUTH_DEV_LOGIN', compose: { shellDefault: 'false' } },
        {
          name: 'AUTH_DEV_LOGIN_REMOTE',
          compose: {
            shellDefault: 'false',
            shellVariable: 'AUTH_DEV_LOGIN',
            note: "Behind Docker's network no caller is on identity's loopback: asking for the dev sign-in here opens it to whoever reaches port 8080 (identity logs a warning saying so).",
          },
        },
        {
          name: 'GOOGLE_CLIENT_ID',
          compose: { passThrough: true, note: 'Passed through only when set in the shell (an empty value would be invalid).' },
        },
      ],
      composeVolume: { name: 'identity-data', path: '/app/data' },
      secretFile: { secret: 'identity-keys', key: 'identity.json', mountPath: '/etc/commonwork/identity-keys', env: 'IDENTITY_KEYS_FILE' },
    },
  },
  marketplace: {
    summary: 'gigs and freelancers, listing and search, the AI search interpreter and suggestions',
    prefixes: ['/api/gigs', '/api/ai'],
    routes: marketplaceRoutes,
    port: 4002,
    replicas: 2,
    publishes: true,
    consumes: ['identity', 'orders'],
    needs: IDENTITY,
    deploy: {
      settings: [
        {
          name: 'AI_API_URL',
          compose: {
            passThrough: true,
            note: 'The AI search, passed through only when set in the shell (an empty AI_API_URL would be invalid).',
          },
          k8s: {
            secret: 'marketplace-ai',
            optional: true,
            note: 'The AI search (an OpenAI-compatible endpoint), from an optional Secret: without it, marketplace interprets search queries locally (README.md).',
          },
        },
        { name: 'AI_API_KEY', compose: { passThrough: true }, k8s: { secret: 'marketplace-ai', optional: true } },
        { name: 'AI_MODEL', compose: { passThrough: true } },
      ],
    },
  },
  messaging: {
    summary: 'chats, channels, their members and messages',
    prefixes: ['/api/chat', '/api/hooks'],
    routes: messagingRoutes,
    port: 4003,
    replicas: 2,
    publishes: true,
    consumes: ['identity', 'marketplace', 'events', 'media', 'orders'],
    needs: IDENTITY,
    deploy: {
      settings: [
        {
          name: 'CHANNEL_SEND_QUEUE',
          compose: { shellDefault: '100' },
          k8s: { value: '100', note: 'Sends one channel may hold waiting per replica; one more is refused at once (503 BUSY).' },
        },
      ],
    },
  },
  events: {
    summary: 'tech events, their search and registrations',
    prefixes: ['/api/events'],
    routes: eventsRoutes,
    port: 4004,
    replicas: 2,
    publishes: true,
    consumes: ['identity', 'messaging'],
    needs: IDENTITY,
    deploy: { settings: [PUBLIC_URL] },
  },
  media: {
    summary: 'every uploaded image and file, checked by its bytes and stored in PostgreSQL (uploads, the images and files themselves)',
    prefixes: ['/api/upload', '/api/media'],
    routes: mediaRoutes,
    port: 4005,
    replicas: 2,
    publishes: true,
    consumes: ['identity'],
    needs: IDENTITY,
    deploy: {
      memoryLimit: {
        value: '1Gi',
        note: 'Decoding and re-encoding one image at a time of up to 25 megapixels, every frame counted, needs headroom.',
      },
    },
  },
  notifications: {
    summary: "each person's notifications, made from the other services' events",
    prefixes: ['/api/notifications'],
    routes: notificationsRoutes,
    port: 4006,
    replicas: 2,
    publishes: true,
    consumes: ['identity', 'marketplace', 'messaging', 'events', 'orders', 'webhooks'],
    needs: IDENTITY,
    deploy: {
      settings: [
        {
          name: 'SMTP_URL',
          compose: { shellDefault: '', note: 'The email digest is off unless SMTP_URL is set (smtp://user:password@host:587).' },
          k8s: {
            secret: 'commonwork-smtp',
            optional: true,
            note: 'The email digest: on when the optional Secret commonwork-smtp has SMTP_URL (smtp://user:password@host:587); PUBLIC_URL is where its links point.',
          },
        },
        PUBLIC_URL,
      ],
    },
  },
  drafts: {
    summary: 'the event and gig forms people leave half done, versioned so two tabs never overwrite each other',
    prefixes: ['/api/drafts'],
    routes: draftsRoutes,
    port: 4007,
    replicas: 2,
    publishes: false,
    consumes: ['identity', 'marketplace', 'events'],
    needs: IDENTITY,
  },
  orders: {
    summary: 'orders of gigs from placement to completion, and the reviews of completed ones',
    // A gig's and a person's reviews are read where they are written; the gateway's router prefers
    // these paths to marketplace's `/api/gigs/*` and identity's `/api/users/*`.
    prefixes: ['/api/orders', '/api/reviews', '/api/gigs/:id/reviews', '/api/users/:id/reviews'],
    routes: ordersRoutes,
    port: 4008,
    replicas: 2,
    publishes: true,
    consumes: ['identity', 'marketplace', 'media'],
    needs: IDENTITY,
  },
  webhooks: {
    summary: 'outgoing webhooks signed as Standard Webhooks, their deliveries and retries, and the event feed for integrators',
    prefixes: ['/api/webhooks', '/api/feed'],
    routes: webhooksRoutes,
    port: 4009,
    replicas: 2,
    publishes: true,
    consumes: ['identity', 'marketplace', 'events', 'messaging', 'notifications', 'orders'],
    needs: IDENTITY,
  },
} as const satisfies Record<string, ServiceManifest>;

export type ServiceName = keyof typeof SERVICE_MANIFEST;

type Referenced = {
  [K in ServiceName]: (typeof SERVICE_MANIFEST)[K]['needs'][number] | (typeof SERVICE_MANIFEST)[K]['consumes'][number];
}[ServiceName];
type Named<T extends ServiceName> = T;
/** A service another entry needs or consumes: a misspelt name in `needs` or `consumes` fails to compile here. */
export type ServiceReference = Named<Referenced>;

/** Every service's name, in start and document order. */
export const SERVICE_NAMES = Object.keys(SERVICE_MANIFEST) as ServiceName[];

/** A record with one value per service, in manifest order. */
export const byService = <T>(pick: (name: ServiceName) => T) =>
  Object.fromEntries(SERVICE_NAMES.map((name) => [name, pick(name)])) as Record<ServiceName, T>;

/** A service's entry, typed as the general shape (the optional parts readable on every entry). */
export const manifestOf = (name: ServiceName): ServiceManifest => SERVICE_MANIFEST[name];

/** The setting that carries a service's URLs (its replicas, comma-separated) to the processes that need it: `IDENTITY_URL`. */
export const urlSettingOf = <N extends ServiceName>(name: N) => `${name.toUpperCase()}_URL` as `${Uppercase<N>}_URL`;

/**
 * The realtime tier (Socket.IO) is not behind a prefix and keeps no database, so it is a part of its
 * own; the services it needs are in the manifest's names, its replicas each listen on `port`.
 */
export const REALTIME_PART = {
  port: 4010,
  replicas: 2,
  consumes: ['messaging', 'notifications'],
  needs: ['identity', 'messaging'],
} as const satisfies { port: number; replicas: number; consumes: readonly ServiceName[]; needs: readonly ServiceName[] };

/** The gateway listens here, in front of every service and the realtime tier. */
export const GATEWAY_PORT = 8080;
