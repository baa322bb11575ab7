import { randomUUID } from 'node:crypto';
import { type ApiClient, createApiClient, identityRoutes, messagingRoutes } from '@commonwork/contracts';

/** The platform's REST API through the gateway, by contract; a call that takes longer than 30 s fails. */
export function restClient(url: string): ApiClient {
  return createApiClient({
    baseUrl: url,
    fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(30_000) }),
  });
}

/**
 * Signs a person in through the dev issuer and completes their profile, with an email and a
 * username of their own (so sign-ups may run side by side); returns their access token and id.
 */
export async function signUp(api: ApiClient, name: string): Promise<{ token: string; id: string }> {
  const unique = randomUUID().replaceAll('-', '').slice(0, 12);
  const email = `bench-${unique}@example.com`;
  const dev = await api.send(identityRoutes.devToken, { body: { email, name } });
  const session = await api.send(identityRoutes.googleSignIn, { body: { token: dev.body.token } });
  const setup = await api.send(identityRoutes.setupUser, {
    token: session.body.token,
    body: { name, username: `bench_${unique}`, bio: 'Takes part in a benchmark.' },
  });
  const token = setup.body.token;
  if (setup.status !== 200 || !token) throw new Error(`signing up ${email} answered ${dev.status}, ${session.status}, ${setup.status}`);
  return { token, id: session.at(200).user.id };
}

/** Opens a public channel as its owner, with a join link for the others; throws when either is refused. */
export async function openChannel(api: ApiClient, ownerToken: string, name: string): Promise<{ id: string; joinLink: string }> {
  const created = await api.send(messagingRoutes.createChannel, { token: ownerToken, body: { name, type: 'public' } });
  if (created.status !== 201) throw new Error(`creating a channel answered ${created.status}`);
  const { id } = created.at(201).data;
  const link = await api.send(messagingRoutes.joinLink, { params: { id }, token: ownerToken });
  if (link.status !== 200) throw new Error(`the join link answered ${link.status}`);
  return { id, joinLink: link.at(200).data.joinLink };
}

/** Joins a channel by its link; throws when refused. */
export async function joinChannel(api: ApiClient, joinLink: string, token: string): Promise<void> {
  const joined = await api.send(messagingRoutes.joinByLink, { params: { joinLink }, token });
  if (joined.status !== 200) throw new Error(`joining by link answered ${joined.status}`);
}
