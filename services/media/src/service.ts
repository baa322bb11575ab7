import type { ServiceDefinition } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import type { ImageEvent } from './images/image.ts';
import { registerImageRoutes } from './images/routes.ts';
import { migrations } from './migrations.ts';
import type { MediaTables } from './tables.ts';

/**
 * The media service: every image of the product, checked by its bytes, re-encoded, stored in
 * PostgreSQL and served as immutable; a profile picture replaced by another is deleted (identity's
 * events). It publishes nothing yet: no other service reacts to images.
 */
export function mediaService(): ServiceDefinition<MediaTables, ImageEvent> {
  return {
    name: 'media',
    migrations,
    publish: () => null,
    subscriptions,
    register: registerImageRoutes,
  };
}
