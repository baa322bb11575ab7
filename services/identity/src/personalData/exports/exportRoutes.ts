import { randomUUID } from 'node:crypto';
import { identityRoutes, type PersonalDataArchive, SERVICE_NAMES } from '@commonwork/contracts';
import { Conflict, createError, NotFound, registerRoute, type ServiceContext } from '@commonwork/kit';
import { z } from 'zod';
import type { IdentityTables } from '../../tables.ts';
import { exportAggregate } from './exportAggregate.ts';
import { exportView, givenUpAt, progressOf } from './exportStatus.ts';

const ExportNotFound = () => NotFound('Export not found');
const ExportNotReady = createError('EXPORT_NOT_READY', 'This export is still being prepared.', 409);

/** The internal route every service sends its part to (kit/personalData/export.ts); the gateway never proxies it. */
const PART_PATH = '/internal/people/:personId/exports/:exportId/parts/:service';
const PartParams = z.object({ personId: z.uuid(), exportId: z.uuid(), service: z.enum(SERVICE_NAMES) });
const PartBody = z.object({ part: z.record(z.string(), z.unknown()) });
/** A part holds everything one service keeps about a person (every message they wrote): far above the API's limit. */
const PART_BODY_LIMIT = 256 * 1024 * 1024;

/**
 * A person's data exports: asked for, followed and downloaded by a signed-in session only (the
 * contracts' scope `session`); someone else's export is not found. The services' parts come in on
 * the internal route.
 */
export function registerExportRoutes(ctx: ServiceContext<IdentityTables>, options: { now: () => Date }) {
  const { app, verifier, db } = ctx;
  const exportsStore = ctx.aggregate(exportAggregate);

  registerRoute(app, verifier, identityRoutes.requestExport, async ({ caller, request, reply }) => {
    const answer = await db.transaction().execute(async (trx) => {
      // The person's row is the lock that keeps two presses from asking for two exports at once.
      await trx.selectFrom('users').select('id').where('id', '=', caller.sub).forUpdate().executeTakeFirst();
      const latest = await progressOf(trx, caller.sub);
      const current = latest && exportView(latest, options.now());
      if (current?.status === 'preparing') return { created: false, view: current };
      const exportId = randomUUID();
      const { events } = await exportsStore.handleIn(
        trx,
        exportId,
        { type: 'RequestExport', exportId, personId: caller.sub },
        ctx.metadataFor(request, caller.sub),
      );
      const requestedAt = events[0]?.occurredAt ?? options.now();
      const view = exportView(
        { id: exportId, person_id: caller.sub, requested_at: requestedAt, received: 0, last_received_at: null },
        requestedAt,
      );
      return { created: true, view };
    });
    if (answer.created) ctx.publishNow();
    reply.status(answer.created ? 202 : 200);
    if (!answer.view) throw ExportNotFound();
    return { success: true as const, export: answer.view };
  });

  registerRoute(app, verifier, identityRoutes.latestExport, async ({ caller }) => {
    const latest = await progressOf(db, caller.sub);
    const view = latest && exportView(latest, options.now());
    if (!view) throw NotFound('You have no data export. Ask for one first.');
    return { success: true as const, export: view };
  });

  registerRoute(app, verifier, identityRoutes.exportStatus, async ({ params, caller }) => {
    const progress = await progressOf(db, caller.sub, params.id);
    const view = progress && exportView(progress, options.now());
    if (!view) throw ExportNotFound();
    return { success: true as const, export: view };
  });

  registerRoute(app, verifier, identityRoutes.downloadExport, async ({ params, caller, reply }) => {
    const progress = await progressOf(db, caller.sub, params.id);
    const view = progress && exportView(progress, options.now());
    if (!view) throw ExportNotFound();
    if (view.status !== 'ready') throw ExportNotReady(view.status === 'failed' ? 'This export failed. Ask for a new one.' : undefined);
    const parts = await db.selectFrom('person_export_parts').select(['service', 'part']).where('export_id', '=', view.id).execute();
    const services = Object.fromEntries(
      SERVICE_NAMES.flatMap((name) => parts.filter((p) => p.service === name).map((p) => [name, p.part] as const)),
    );
    const archive: PersonalDataArchive = {
      format: 'commonwork-personal-data',
      version: 1,
      exportId: view.id,
      personId: caller.sub,
      requestedAt: view.requestedAt,
      preparedAt: view.readyAt ?? view.requestedAt,
      services,
    };
    reply.header('content-disposition', `attachment; filename="commonwork-data-${view.requestedAt.slice(0, 10)}.json"`);
    return archive;
  });

  // Internal: one service's part. Sent again (a redelivery) the first is kept; refused once the export is gone or given up.
  app.put(PART_PATH, { schema: { params: PartParams, body: PartBody }, bodyLimit: PART_BODY_LIMIT }, async (request, reply) => {
    const { personId, exportId, service } = request.params as z.infer<typeof PartParams>;
    const { part } = request.body as z.infer<typeof PartBody>;
    const row = await db
      .selectFrom('person_exports')
      .select('requested_at')
      .where('id', '=', exportId)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    if (!row) throw ExportNotFound();
    if (givenUpAt(row.requested_at) <= options.now()) throw Conflict('This export was given up');
    await db
      .insertInto('person_export_parts')
      .values({ export_id: exportId, service, part: JSON.stringify(part), received_at: options.now() })
      .onConflict((oc) => oc.columns(['export_id', 'service']).doNothing())
      .execute();
    reply.status(204);
  });
}
