import { CommonConfig, envList, IdentityUrls, RedisSettings, UserLimitSettings } from '@commonwork/kit';
import { z } from 'zod';

export const RealtimeConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  HOST: z.string().default('127.0.0.1'),
  /** Identity, for its JWKS: the handshake's access token is verified against it. */
  IDENTITY_URL: IdentityUrls,
  /** Messaging's HTTP API (its replicas, comma-separated): the realtime tier reads and writes through it with the user's own token. */
  MESSAGING_URL: envList('http://127.0.0.1:4003').pipe(z.array(z.string().url()).min(1)),
  /** Redis for the Socket.IO adapter, presence, ordered fan-out and the per-person limit across replicas. */
  ...RedisSettings,
  /** Socket events count against the same per-person budget as the person's REST calls. */
  ...UserLimitSettings,
});
export type RealtimeConfig = z.infer<typeof RealtimeConfig>;
