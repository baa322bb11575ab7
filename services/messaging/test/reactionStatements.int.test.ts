import { IDEMPOTENCY_KEY_HEADER, messagingRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, statementsNaming, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The round trips of a reaction (issue 29: 25 reactions a second beside 50 messages must not slow
 * the messages): every statement messaging sends for one, BEGIN and COMMIT included. The route's
 * read (the channel, the viewer's membership, the message with its state and stream version, and
 * the channel's revision at once), then one write that appends, projects and checks the revision,
 * deciding from that read: the message's stream is not read again. The relay is held back so its
 * rounds (which publish the change, not make it) are not counted with it.
 */
const BOUND = 2;
/** With an Idempotency-Key: recorded, answer included, by the write itself, as a keyed post's. */
const KEYED_BOUND = BOUND;

describe('statements of a reaction', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let channelId: string;
  let messageId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Reacts');
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'reacted' } });
    channelId = created.body.data.id;
    const posted = await p.api.send(messagingRoutes.postChannelMessage, {
      token: ada.token,
      params: { id: channelId },
      body: { content: 'react to me', type: 'text' },
    });
    messageId = posted.body.data._id;
    // The first reaction warms every statement.
    expect((await react('🔥')).statusCode).toBe(200);
    p.services.messaging.relay?.stop();
  }, 180_000);
  afterAll(() => p?.stop());

  const react = (emoji: string, headers: Record<string, string> = {}) =>
    p.services.messaging.app.inject({
      method: 'PUT',
      url: messagingRoutes.addChannelReaction.url
        .replace(':id', channelId)
        .replace(':messageId', messageId)
        .replace(':emoji', encodeURIComponent(emoji)),
      headers: { authorization: `Bearer ${ada.token}`, ...headers },
    });

  /** A reaction's statements in messaging's schema (the kit's `statementsNaming`), and its answer. */
  async function statementsOfReaction(names: readonly string[], fn: () => ReturnType<typeof react>) {
    const { result, statements } = await statementsNaming('messaging', names, fn);
    expect(result.statusCode, result.body).toBe(200);
    return { statements, answer: result.json() };
  }

  it(`reacts in at most ${BOUND} statements, with the next revision`, async () => {
    const { statements, answer } = await statementsOfReaction([channelId, messageId], () => react('👍'));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements, statements.join('\n')).toHaveLength(Math.min(statements.length, BOUND));
    expect(answer.data).toMatchObject({ revision: 2, reactions: [{ emoji: '🔥' }, { emoji: '👍', count: 1 }] });
  });

  it(`reacts with an Idempotency-Key in at most ${KEYED_BOUND} statements`, async () => {
    const key = 'key-of-a-counted-reaction';
    const { statements, answer } = await statementsOfReaction([channelId, messageId, key], () =>
      react('🎉', { [IDEMPOTENCY_KEY_HEADER]: key }),
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements, statements.join('\n')).toHaveLength(Math.min(statements.length, KEYED_BOUND));
    expect(answer.data).toMatchObject({ revision: 3 });
  });
});
