import { type Decider, type DomainEvent, handleCommand, type ServiceContext, type StoredEvent } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';
import type { MessagingDb } from './tables.ts';

/** With row-locked decisions a conflict is rare (a stream's first writers); retry those few. */
const RETRIES = 3;

/**
 * The write path of a messaging aggregate: decide on its read row locked for the transaction,
 * append, project, wake the outbox. Channels and chats differ only in these four parts.
 */
export function aggregateCommands<S, C, E extends DomainEvent>(
  ctx: ServiceContext,
  parts: {
    decider: Decider<S, C, E>;
    streamId: (id: string) => string;
    project: (trx: MessagingDb, events: StoredEvent<E>[]) => Promise<void>;
    load: (trx: MessagingDb, id: string, actorId: string) => Promise<{ state: S; version: number }>;
  },
) {
  return (id: string, actorId: string, command: C, request: FastifyRequest) =>
    handleCommand(ctx.db, parts.decider, command, {
      schema: 'messaging',
      streamId: parts.streamId(id),
      metadata: ctx.metadataFor(request, actorId),
      now: new Date(),
      project: (trx, events) => parts.project(trx as MessagingDb, events),
      afterCommit: ctx.published,
      load: (trx) => parts.load(trx as MessagingDb, id, actorId),
      retries: RETRIES,
    });
}
