/**
 * Calls between services about one person (the parts of their export, their deletion) go to a
 * service's `/internal/...` routes. The gateway proxies only the manifest's `/api` prefixes, so
 * these are never reachable from outside, as identity's token introspection (`INTROSPECT_PATH`);
 * in a cluster the network policies let only the services that `need` a service reach it, and every
 * service needs identity.
 */
export const INTERNAL_PREFIX = '/internal';

/**
 * Where identity's replicas are, for a service's own calls to it: a list (IDENTITY_URL), or a
 * function when identity starts after the caller is made (embedded mode starts them in one process).
 */
export type IdentityReplicas = readonly string[] | (() => readonly string[]);

const replicasOf = (replicas: IdentityReplicas) => (typeof replicas === 'function' ? replicas() : replicas);

/** A replica that cannot be reached, or none configured: the caller's work is retried later. */
export class IdentityUnreachable extends Error {
  constructor(cause: unknown) {
    super('No identity replica answered', { cause });
    this.name = 'IdentityUnreachable';
  }
}

/**
 * One internal request to identity, asking its replicas in turn until one answers (with any
 * status, which the caller judges); a JSON body is sent as JSON. Throws `IdentityUnreachable` when
 * none answers.
 */
export async function callIdentity(
  replicas: IdentityReplicas,
  path: string,
  init: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; timeoutMs?: number },
): Promise<Response> {
  let cause: unknown = new Error('no identity URL configured');
  for (const url of replicasOf(replicas)) {
    try {
      return await fetch(new URL(path, url), {
        method: init.method,
        ...(init.body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
      });
    } catch (error) {
      cause = error;
    }
  }
  throw new IdentityUnreachable(cause);
}
