import { z } from 'zod';

/** Who caused an event and the trace it belongs to. */
export const EventMetadata = z.object({
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  traceparent: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** The one envelope every published event travels in (STYLE: Events). */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  streamId: z.string(),
  data: z.unknown(),
  metadata: EventMetadata,
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

/**
 * A published event's contract: its wire name (the NATS subject), version and payload schema.
 * Publishers build the schema's input (the compiler checks it); consumers read its parsed output.
 */
export interface EventContract<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  type: TType;
  version: number;
  schema: TSchema;
}

/** Declares an event contract; the type is the subject, so it must follow `<service>.<aggregate>.<past_tense>`. */
export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  version: number,
  schema: TSchema,
): EventContract<TType, TSchema> {
  if (!/^[a-z]+\.[a-z_]+\.[a-z_]+$/.test(type)) throw new Error(`Bad event name: ${type}`);
  return { type, version, schema };
}
