import { once } from 'node:events';
import { connect } from 'node:net';
import { startTestPlatform } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';

describe('a realtime replica that stops', () => {
  // Socket.IO closes the replica's HTTP server itself, and Node's close waits on a connection that has
  // not sent a request (a gateway's probe that has just connected) until its client lets go, or its
  // headers time out a minute later: the stop hung past the test's limit.
  it('ends a connection that never sent a request rather than wait on it', async () => {
    const p = await startTestPlatform();
    try {
      const { hostname, port } = new URL(p.services.realtime.url);
      const silent = connect({ host: hostname, port: Number(port) });
      await once(silent, 'connect');
      const ended = once(silent, 'close');
      await p.services.realtime.stop();
      await ended;
    } finally {
      await p.stop();
    }
  });
});
