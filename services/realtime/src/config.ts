import { CommonConfig, IdentityUrls } from '@commonwork/kit';
import { z } from 'zod';

export const RealtimeConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  HOST: z.string().default('127.0.0.1'),
  /** Identity, for its JWKS: the handshake's access token is verified against it. */
  IDENTITY_URL: IdentityUrls,
  /** Messaging's HTTP API: the realtime tier reads and writes through it with the user's own token. */
  MESSAGING_URL: z.string().url().default('http://127.0.0.1:4003'),
  /** Redis for the Socket.IO adapter, presence and ordered fan-out across replicas; unset means one replica, in memory. */
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key and channel this tier uses, so deployments can share one Redis; default `commonwork`. */
  REDIS_PREFIX: z.string().min(1).default('commonwork'),
});
export type RealtimeConfig = z.infer<typeof RealtimeConfig>;
