import http from 'k6/http';

/** The gateway to load: `k6 run -e BASE_URL=https://commonwork.example.com bench/k6/gigs.ts`. */
export const BASE_URL = (__ENV.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');

export const json = (token?: string) => ({
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
});

/**
 * A signed-in person with a completed profile, through the developer sign-in: the target runs with
 * AUTH_DEV_LOGIN=true, and AUTH_DEV_LOGIN_REMOTE=true when k6 runs on another machine (a test
 * cluster, never one real people use).
 */
export function signIn(name: string): { id: string; token: string } {
  const tag = `${name.toLowerCase()}${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  const email = `${tag}@example.com`;
  const dev = http.post(`${BASE_URL}/api/auth/dev/token`, JSON.stringify({ email, name }), json());
  const session = http.post(`${BASE_URL}/api/auth/google`, JSON.stringify({ token: dev.json('token') }), json());
  const token = session.json('token') as string;
  const setup = http.post(
    `${BASE_URL}/api/users/setup`,
    JSON.stringify({ email, name, username: tag.slice(0, 30), bio: 'Load test.' }),
    json(token),
  );
  if (setup.status !== 200) throw new Error(`sign-in failed (${setup.status}): ${setup.body}`);
  return { id: session.json('user.id') as string, token: setup.json('token') as string };
}
