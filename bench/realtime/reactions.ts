import { type ApiClient, messagingRoutes } from '@commonwork/contracts';
import { atFixedRate, hrNow, type Summary, summarize } from './stats.ts';

/** How the reactions went: the answered ones' latency, and the failures by status or error name. */
export interface Reacted {
  latency: Summary;
  failed: Record<string, number>;
}

/**
 * Reactions alongside the messages (issue 29's mix: one for every two messages), through the
 * gateway's REST API at a fixed rate: reaction j goes on message j of `messageIds` (round the list)
 * by the next reader each time round, so no person reacts twice with the emoji to one message and
 * none is a no-op. Each one goes to the whole room, gathered with the channel's other changes (one
 * `message-updated`, or several in a `messages-updated`, a few frames a second). Failures are
 * counted by status (or error name: a 30 s time-out is a `TimeoutError`).
 */
export async function reactAtRate(args: {
  api: ApiClient;
  channelId: string;
  messageIds: readonly string[];
  tokens: readonly string[];
  rate: number;
  count: number;
}): Promise<Reacted> {
  const { api, channelId, messageIds, tokens } = args;
  if (messageIds.length === 0 || tokens.length === 0) throw new Error('reactions need messages and readers');
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const fail = (why: string) => {
    failed[why] = (failed[why] ?? 0) + 1;
  };
  const answers: Promise<void>[] = [];
  await atFixedRate(args.count, args.rate, (j) => {
    const messageId = messageIds[j % messageIds.length] as string;
    const token = tokens[Math.floor(j / messageIds.length) % tokens.length] as string;
    const sentAt = hrNow();
    answers.push(
      api.send(messagingRoutes.addChannelReaction, { params: { id: channelId, messageId, emoji: '👍' }, token }).then(
        (res) => {
          if (res.status === 200) latencies.push(hrNow() - sentAt);
          else fail(String(res.status));
        },
        (error: unknown) => fail(error instanceof Error ? error.name : 'error'),
      ),
    );
  });
  await Promise.all(answers);
  return { latency: summarize(latencies), failed };
}
