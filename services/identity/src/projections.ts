import type { Projections } from '@commonwork/kit';
import type { IdentityEvent } from './events.ts';
import { subscriptions } from './handlers/index.ts';
import { exportAggregate } from './personalData/exports/exportAggregate.ts';
import { publishUserEvent } from './publish.ts';
import type { IdentityTables } from './tables.ts';
import { tokenAggregate } from './tokens/aggregate.ts';
import { userAggregate } from './users/aggregate.ts';

/** Identity's read side: what `npm run rebuild` replays and empties; the statistics come from marketplace's, events' and messaging's events, people's ratings from orders'. */
export const projections: Projections<IdentityTables, IdentityEvent> = {
  schema: 'identity',
  tables: ['users', 'personal_tokens', 'person_exports'],
  aggregates: [userAggregate, tokenAggregate, exportAggregate],
  subscriptions,
  publish: publishUserEvent,
  kept: {
    personal_token_uses: 'when each token was last used: a counter kept outside events',
    person_export_parts: "the services' parts of people's data exports: personal data kept outside events until the export expires",
    sessions: 'signed-in sessions until their tokens expire: kept outside events (docs/decisions/identity/signing-out.md)',
  },
};
