import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';

/** The 409 answer: the refusal's code and message, and what is stored now under the route's key. */
export type NewerVersionAnswer<K extends string, N> = { success: false; error: string; message: string } & Record<K, N>;

/**
 * Runs a write that names the version it was based on. When the decider refuses it as based on an
 * older one (an error with `code`), nothing was written: the answer is 409 with the stored thing
 * under `newer.key`, for the person to see and choose from (drafts' `draft`, identity's `user`).
 * Any other error passes through.
 */
export async function writeOrAnswerNewer<T, K extends string, N>(
  reply: FastifyReply,
  code: string,
  write: () => Promise<T>,
  newer: { key: K; read: () => Promise<N> },
): Promise<T | NewerVersionAnswer<K, N>> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== code) throw error;
    const stored = await newer.read();
    reply.status(409);
    return { success: false, error: error.code, message: error.message, [newer.key]: stored } as NewerVersionAnswer<K, N>;
  }
}
