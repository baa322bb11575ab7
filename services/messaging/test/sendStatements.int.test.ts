import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, messagingRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, statementsNaming, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The round trips of a channel post (issue 34): every statement messaging sends to the database
 * for one send, counted at the kit's driver, BEGIN and COMMIT included. The relay is held back so
 * its rounds (which publish the post, not make it) are not counted with it.
 */
const BOUND = 3;
/**
 * A keyed post (the web app's and every typed client's): the key and the answer are recorded by the
 * write's own statement (docs/decisions/kit/keyed-write-in-one-statement.md), so no more than without.
 */
const KEYED_BOUND = BOUND;

/** A post's statements in messaging's schema (the kit's `statementsNaming`), once it was answered 201. */
async function statementsOfPost<T extends { statusCode: number }>(names: readonly string[], fn: () => Promise<T>) {
  const { result, statements } = await statementsNaming('messaging', names, fn);
  expect(result).toMatchObject({ statusCode: 201 });
  return statements;
}

describe('statements of a channel post', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let channelId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Counter');
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'counted' } });
    channelId = created.body.data.id;
    // The first post joins nothing (the creator is a member) and warms every statement.
    await post({ content: 'warm-up', type: 'text' });
    p.services.messaging.relay?.stop();
  }, 180_000);
  afterAll(() => p?.stop());

  const post = (body: object, headers: Record<string, string> = {}) =>
    p.services.messaging.app.inject({
      method: 'POST',
      url: messagingRoutes.postChannelMessage.url.replace(':id', channelId),
      headers: { authorization: `Bearer ${ada.token}`, ...headers },
      payload: body,
    });

  it(`posts in at most ${BOUND} statements`, async () => {
    const statements = await statementsOfPost([channelId], () => post({ content: 'counted post', type: 'text', clientId: 'c-1' }));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements, statements.join('\n')).toHaveLength(Math.min(statements.length, BOUND));
  });

  it(`posts with an Idempotency-Key in at most ${KEYED_BOUND} statements`, async () => {
    const key = 'key-of-a-counted-post';
    const statements = await statementsOfPost([channelId, key], () =>
      post({ content: 'keyed post', type: 'text', clientId: 'c-2' }, { [IDEMPOTENCY_KEY_HEADER]: key }),
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements, statements.join('\n')).toHaveLength(Math.min(statements.length, KEYED_BOUND));
  });

  const messageCount = async () => {
    const listed = await p.api.call(messagingRoutes.channelMessages, {
      token: ada.token,
      params: { id: channelId },
      query: { limit: 100 },
    });
    return listed.data.messages.length;
  };

  it('answers a repeat of a keyed post with the first answer, replayed, and posts once', async () => {
    const key = 'key-of-a-repeated-post';
    const body = { content: 'posted once', type: 'text' };
    const first = await post(body, { [IDEMPOTENCY_KEY_HEADER]: key });
    const before = await messageCount();
    const again = await post(body, { [IDEMPOTENCY_KEY_HEADER]: key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await messageCount()).toBe(before);
  });

  it('refuses the key of a keyed post with another body (422) and posts nothing for it', async () => {
    const key = 'key-of-a-refused-post';
    expect((await post({ content: 'the first body', type: 'text' }, { [IDEMPOTENCY_KEY_HEADER]: key })).statusCode).toBe(201);
    const before = await messageCount();
    const other = await post({ content: 'another body', type: 'text' }, { [IDEMPOTENCY_KEY_HEADER]: key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await messageCount()).toBe(before);
  });

  it('gives concurrent keyed posts one message each and the same answer to each repeat', async () => {
    const keys = ['key-a', 'key-b', 'key-c'];
    const before = await messageCount();
    // Each key sent three times at once, all together: they share the channel's group commits.
    const answers = await Promise.all(
      [...keys, ...keys, ...keys].map((key, i) =>
        post({ content: `at once ${i % keys.length}`, type: 'text' }, { [IDEMPOTENCY_KEY_HEADER]: key }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(201));
    for (const [i] of keys.entries()) {
      const same = answers.filter((_, n) => n % keys.length === i);
      expect(new Set(same.map((a) => a.body)).size).toBe(1);
      expect(same.filter((a) => a.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] === undefined)).toHaveLength(1);
    }
    expect(await messageCount()).toBe(before + keys.length);
  });
});
