import { messagingRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import { assertReadable } from '../channels/access.ts';
import type { MessagingDb, MessagingTables } from '../tables.ts';
import { channelMarksAggregate } from './aggregate.ts';
import type { ChannelMarkCommand } from './decide.ts';
import { type Marks, marksOf, NO_MARKS } from './marks.ts';

/** The viewer's marks on the channels asked for, by channel id (none: not marked). */
export async function marksFor(db: MessagingDb, viewerId: string, channelIds: string[]): Promise<Map<string, Marks>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('channel_marks')
    .select(['channel_id', 'pinned', 'starred'])
    .where('user_id', '=', viewerId)
    .where('channel_id', 'in', channelIds)
    .execute();
  return new Map(rows.map((r) => [r.channel_id, { pinned: r.pinned, starred: r.starred }]));
}

export const marksOrNone = (marks: Map<string, Marks>, channelId: string) => marks.get(channelId) ?? NO_MARKS;

/**
 * `PUT`/`DELETE /api/chat/channels/:id/pin` and `/star`: on channels the caller may read (others
 * are 404 as if they did not exist); the answer is the caller's marks on it as they now are.
 */
export function registerChannelMarkRoutes(ctx: ServiceContext<MessagingTables>) {
  const { app, verifier, db } = ctx;
  const marks = ctx.aggregate(channelMarksAggregate);
  const routes = [
    [messagingRoutes.pinChannel, 'Pin'],
    [messagingRoutes.unpinChannel, 'Unpin'],
    [messagingRoutes.starChannel, 'Star'],
    [messagingRoutes.unstarChannel, 'Unstar'],
  ] as const satisfies readonly (readonly [unknown, ChannelMarkCommand['type']])[];
  for (const [route, type] of routes) {
    registerRoute(app, verifier, route, async ({ params, caller, request }) => {
      await assertReadable(db, params.id, caller.sub);
      const { state } = await marks.handle(
        caller.sub,
        { type, userId: caller.sub, channelId: params.id },
        ctx.metadataFor(request, caller.sub),
      );
      const { pinned, starred } = marksOf(state, params.id);
      return { success: true as const, data: { channelId: params.id, isPinned: pinned, isStarred: starred } };
    });
  }
}
