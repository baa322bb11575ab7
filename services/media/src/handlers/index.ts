import type { ServiceSubscription } from '@commonwork/kit';
import type { MediaTables } from '../tables.ts';
import { onPictureReplaced } from './onPictureReplaced.ts';

/** Every subscription the media service has: images other services stop using. */
export const subscriptions: readonly ServiceSubscription<MediaTables>[] = [
  { durable: 'media-pictures', stream: 'IDENTITY', filterSubject: 'identity.user.profile_updated', handlers: [onPictureReplaced] },
];
