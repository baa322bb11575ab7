import { randomUUID } from 'node:crypto';

export type Call = (
  method: string,
  path: string,
  options?: { body?: unknown; token?: string },
  // biome-ignore lint/suspicious/noExplicitAny: the benches read a few fields of arbitrary JSON answers
) => Promise<{ status: number; body: any }>;

/** The platform's REST API through the gateway. */
export function restClient(url: string): Call {
  return async (method, path, options = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/**
 * Signs a person in through the dev issuer and completes their profile, with an email and a
 * username of their own (so sign-ups may run side by side); returns their access token and id.
 */
export async function signUp(call: Call, name: string): Promise<{ token: string; id: string }> {
  const unique = randomUUID().replaceAll('-', '').slice(0, 12);
  const email = `bench-${unique}@example.com`;
  const dev = await call('POST', '/api/auth/dev/token', { body: { email, name } });
  const session = await call('POST', '/api/auth/google', { body: { token: dev.body?.token } });
  const setup = await call('POST', '/api/users/setup', {
    token: session.body?.token,
    body: { name, username: `bench_${unique}`, bio: 'Takes part in a benchmark.' },
  });
  const token = setup.body?.token as string | undefined;
  if (setup.status !== 200 || !token) throw new Error(`signing up ${email} answered ${dev.status}, ${session.status}, ${setup.status}`);
  return { token, id: session.body.user.id as string };
}
