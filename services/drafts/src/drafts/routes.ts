import { randomUUID } from 'node:crypto';
import { DRAFT_DATA_MAX_BYTES, DRAFT_MESSAGES, type DraftData, draftsRoutes } from '@commonwork/contracts';
import { AppError, createError, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { DraftsTables } from '../tables.ts';
import { draftAggregate } from './aggregate.ts';
import { DraftChangedElsewhere, DraftNotFound } from './decide.ts';
import { presentDraft, presentSummary } from './present.ts';

const DraftTooLarge = createError('DRAFT_TOO_LARGE', DRAFT_MESSAGES.tooLarge, 413);

/** Refuses a form larger than a draft keeps, naming the limit. */
function checkSize(data: DraftData) {
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes > DRAFT_DATA_MAX_BYTES)
    throw DraftTooLarge(undefined, [
      { field: 'data', message: `The form is ${Math.ceil(bytes / 1024)} KB; a draft keeps at most ${DRAFT_DATA_MAX_BYTES / 1024} KB` },
    ]);
}

export function registerDraftRoutes(ctx: ServiceContext<DraftsTables>) {
  const { app, verifier, db } = ctx;
  const drafts = ctx.aggregate(draftAggregate);
  const mine = (id: string, ownerId: string) =>
    db.selectFrom('drafts').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();

  registerRoute(app, verifier, draftsRoutes.create, async ({ body, caller, request, reply }) => {
    checkSize(body.data);
    const draftId = body.id ?? randomUUID();
    const { events } = await drafts.handle(
      draftId,
      { type: 'Save', draftId, ownerId: caller.sub, draftType: body.type, title: body.title, data: body.data },
      ctx.metadataFor(request, caller.sub),
    );
    const row = await mine(draftId, caller.sub);
    if (!row) throw new Error(`draft ${draftId} was saved but is not in the read model`);
    // Saved now (201), or already saved under this id by an earlier create (200, nothing written).
    reply.status(events.length > 0 ? 201 : 200);
    return { success: true as const, message: DRAFT_MESSAGES.saved, data: presentDraft(row) };
  });

  registerRoute(app, verifier, draftsRoutes.list, async ({ query, caller }) => {
    let rows = db
      .selectFrom('drafts')
      .select(['id', 'owner_id', 'type', 'title', 'version', 'created_at', 'updated_at'])
      .where('owner_id', '=', caller.sub);
    if (query.type) rows = rows.where('type', '=', query.type);
    const list = await rows.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
    return { success: true as const, data: list.map(presentSummary) };
  });

  registerRoute(app, verifier, draftsRoutes.get, async ({ params, caller }) => {
    const row = await mine(params.id, caller.sub);
    if (!row) throw DraftNotFound();
    return { success: true as const, data: presentDraft(row) };
  });

  registerRoute(app, verifier, draftsRoutes.update, async ({ params, body, caller, request, reply }) => {
    checkSize(body.data);
    try {
      await drafts.handle(
        params.id,
        { type: 'Revise', actorId: caller.sub, title: body.title, data: body.data, baseVersion: body.version },
        ctx.metadataFor(request, caller.sub),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== DraftChangedElsewhere().code) throw error;
      // Nothing was written: the answer carries what is stored now, for the person to choose.
      const current = await mine(params.id, caller.sub);
      if (!current) throw DraftNotFound();
      reply.status(409);
      return { success: false as const, error: error.code, message: error.message, draft: presentDraft(current) };
    }
    const row = await mine(params.id, caller.sub);
    if (!row) throw DraftNotFound();
    return { success: true as const, message: DRAFT_MESSAGES.updated, data: presentDraft(row) };
  });

  registerRoute(app, verifier, draftsRoutes.remove, async ({ params, caller, request }) => {
    await drafts.handle(params.id, { type: 'Delete', actorId: caller.sub }, ctx.metadataFor(request, caller.sub));
    return { success: true as const, message: DRAFT_MESSAGES.deleted };
  });
}
