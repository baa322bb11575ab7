import { watchStatements } from '../db/commitHooks.ts';

/**
 * The statements some work sent to one service's schema, BEGIN and COMMIT included: those of every
 * connection checkout that, while `fn` ran, sent a statement on `schema` with a parameter naming one
 * of `names` (a channel, a message, a key). Statements are watched process-wide (a request loses its
 * caller's async context in Fastify's inject), so the names pick this work out of what the platform
 * sent meanwhile. What tests bound a write's round trips by (issue 34).
 */
export async function statementsNaming<T>(schema: string, names: readonly string[], fn: () => Promise<T>) {
  const watch = watchStatements();
  const result = await fn().finally(() => watch.stop());
  const sent = watch.stop();
  const onSchema = `"${schema}".`;
  const naming = (value: unknown) => typeof value === 'string' && names.some((name) => value.includes(name));
  const ours = new Set(sent.filter((s) => s.sql.includes(onSchema) && s.parameters.some(naming)).map((s) => s.checkout));
  return { result, statements: sent.filter((s) => ours.has(s.checkout)).map((s) => s.sql) };
}
