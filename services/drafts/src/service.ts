import type { ServiceDefinition } from '@commonwork/kit';
import type { DraftEvent } from './drafts/draft.ts';
import { registerDraftRoutes } from './drafts/routes.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { exportDraftsPerson } from './personalData/export.ts';
import { draftsForgetting } from './personalData/forget.ts';
import type { DraftsTables } from './tables.ts';

/**
 * The drafts service: the event and gig forms people leave half done, each a stream of its saves,
 * versioned so that two tabs never overwrite each other silently; a gig or an event published
 * from a draft removes it. It publishes nothing yet.
 */
export function draftsService(): ServiceDefinition<DraftsTables, DraftEvent> {
  return {
    name: 'drafts',
    migrations,
    publish: () => null,
    register: registerDraftRoutes,
    subscriptions,
    exportPerson: exportDraftsPerson,
    forget: draftsForgetting,
  };
}
