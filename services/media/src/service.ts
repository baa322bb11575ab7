import type { ServiceDefinition } from '@commonwork/kit';
import { registerFileRoutes } from './files/routes.ts';
import { subscriptions } from './handlers/index.ts';
import { registerImageRoutes } from './images/routes.ts';
import { migrations } from './migrations.ts';
import { exportMediaPerson } from './personalData/export.ts';
import { mediaForgetting } from './personalData/forget.ts';
import { type MediaEvent, publishMediaEvent } from './publish.ts';
import type { MediaTables } from './tables.ts';

/**
 * The media service: every image of the product, checked by its bytes, re-encoded, stored in
 * PostgreSQL and served as immutable; files sent with messages (PDF, text, ZIP), checked by their
 * bytes and served only as downloads; a profile picture replaced by another is deleted (identity's
 * events). It publishes whose each upload is (messaging keeps it, for attachments).
 */
export function mediaService(): ServiceDefinition<MediaTables, MediaEvent> {
  return {
    name: 'media',
    migrations,
    publish: publishMediaEvent,
    subscriptions,
    exportPerson: exportMediaPerson,
    forget: mediaForgetting,
    register: async (ctx) => {
      await registerImageRoutes(ctx);
      registerFileRoutes(ctx);
    },
  };
}
