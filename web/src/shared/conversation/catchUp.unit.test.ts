import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type CursorQuery, catchUpConversation, receiveLive, whenFetched } from './catchUp.ts';

const message = (sequence: number) => ({
  _id: `m${sequence}`,
  sequence,
  revision: 0,
  clientId: null,
  createdAt: new Date(2026, 0, 1, 0, 0, sequence).toISOString(),
});
type Message = ReturnType<typeof message>;

/** A conversation of `count` messages on the "server", read with cursor pages as the API answers them. */
function server(count: number) {
  const asked: CursorQuery[] = [];
  const all = Array.from({ length: count }, (_, i) => message(i + 1));
  const fetchPage = async (query: CursorQuery) => {
    asked.push(query);
    const after = 'after' in query ? query.after : 0;
    const messages = all.filter((m) => m.sequence > after).slice(0, query.limit);
    return { messages, hasMore: (messages.at(-1)?.sequence ?? count) < count };
  };
  return { asked, fetchPage };
}

describe('a message that arrives live', () => {
  const key = ['conversation'];

  it('is merged without asking the server when it follows the newest held', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1), message(2)]);
    const { asked, fetchPage } = server(3);
    await receiveLive(queryClient, key, fetchPage, message(3));
    expect(queryClient.getQueryData<Message[]>(key)?.map((m) => m.sequence)).toEqual([1, 2, 3]);
    expect(asked).toEqual([]);
  });

  it('fetches what it skipped past, after the newest held', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Message[]>(key, [message(1), message(2)]);
    const { asked, fetchPage } = server(6);
    await receiveLive(queryClient, key, fetchPage, message(6));
    expect(queryClient.getQueryData<Message[]>(key)?.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(asked[0]).toMatchObject({ after: 2 });
  });

  it('leaves a conversation that is not held alone', async () => {
    const queryClient = new QueryClient();
    const { asked, fetchPage } = server(6);
    await receiveLive(queryClient, key, fetchPage, message(6));
    expect(queryClient.getQueryData(key)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

describe('a catch-up when a socket has just joined', () => {
  const key = ['conversation'];

  /**
   * The first page's request, read by the server when it held `count` messages and answered only
   * when `answer` is called: the socket joined in between, after a later message was sent.
   */
  function loadingFirstPage(queryClient: QueryClient, count: number) {
    let answer = () => {};
    const load = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<Message[]>((resolve) => (answer = () => resolve(Array.from({ length: count }, (_, i) => message(i + 1))))),
    });
    return { load, answer: () => answer() };
  }

  it('waits for a first page still loading and fetches what came after what it read', async () => {
    const queryClient = new QueryClient();
    const first = loadingFirstPage(queryClient, 2);
    const { asked, fetchPage } = server(3);
    const caughtUp = whenFetched(queryClient, key).then(() => catchUpConversation(queryClient, key, fetchPage));
    first.answer();
    await Promise.all([first.load, caughtUp]);
    expect(queryClient.getQueryData<Message[]>(key)?.map((m) => m.sequence)).toEqual([1, 2, 3]);
    expect(asked[0]).toMatchObject({ after: 2 });
  });

  it('asks nothing while a first page loads when it does not wait for it', async () => {
    const queryClient = new QueryClient();
    const first = loadingFirstPage(queryClient, 2);
    const { asked, fetchPage } = server(3);
    await catchUpConversation(queryClient, key, fetchPage);
    first.answer();
    await first.load;
    expect(queryClient.getQueryData<Message[]>(key)?.map((m) => m.sequence)).toEqual([1, 2]);
    expect(asked).toEqual([]);
  });
});
