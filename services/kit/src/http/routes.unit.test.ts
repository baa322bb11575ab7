import { defineRoute } from '@commonwork/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TokenVerifier } from '../auth/verifier.ts';
import { testLogger } from '../testing/index.ts';
import { type App, createApp } from './app.ts';
import { registerRoute } from './routes.ts';

let app: App;
afterEach(() => app?.close());

const answer = z.object({ success: z.literal(true), count: z.number() });
const route = (url: string) => defineRoute({ method: 'GET', url, summary: 'a count', auth: 'public', response: { 200: answer } });
const noTokens: TokenVerifier = async () => {
  throw new Error('public routes read no token');
};

describe('a route answer and its contract', () => {
  it('is checked against the contract (and cut to it), unless composed of answers already checked', async () => {
    app = createApp({ logger: testLogger() });
    // What a handler hands back beyond its contract: a field the contract does not list.
    const handler = async () => ({ success: true as const, count: 3, internal: 'not for callers' });
    registerRoute(app, noTokens, route('/checked'), handler);
    registerRoute(app, noTokens, route('/composed'), handler, { composedOfCheckedAnswers: true });
    registerRoute(app, noTokens, route('/wrong'), async () => ({ success: true as const, count: 'three' as unknown as number }));

    expect((await app.inject({ url: '/checked' })).json()).toEqual({ success: true, count: 3 });
    // Written as it is: the parts were checked by whoever answered them.
    expect((await app.inject({ url: '/composed' })).json()).toEqual({ success: true, count: 3, internal: 'not for callers' });
    expect((await app.inject({ url: '/wrong' })).statusCode).toBe(500);
  });
});
