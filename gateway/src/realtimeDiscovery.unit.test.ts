import { testLogger } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { discoverReplicas } from './realtimeProxy.ts';

// The lookup is the one thing injected: it stands in for the cluster DNS answering for a headless Service.
describe('the realtime replicas found by DNS', () => {
  it('lists every address once, sorted, on the URL’s port (IPv6 in brackets), and follows the answers', async () => {
    let answer: string[] = ['10.1.0.9', 'fd00::2', '10.1.0.3', '10.1.0.9'];
    const names: string[] = [];
    const found = await discoverReplicas(
      {
        url: 'http://realtime:4010',
        refreshMs: 60_000,
        lookup: async (name) => {
          names.push(name);
          return answer;
        },
      },
      testLogger(),
    );
    try {
      expect(names).toEqual(['realtime']);
      expect(found.current().map(String)).toEqual(['http://10.1.0.3:4010/', 'http://10.1.0.9:4010/', 'http://[fd00::2]:4010/']);
      answer = ['10.1.0.3'];
      await found.refresh();
      expect(found.current().map(String)).toEqual(['http://10.1.0.3:4010/']);
    } finally {
      await found.stop();
    }
  });

  it('keeps the last list when the lookup fails, and empties it when the name has no records', async () => {
    let fail: string | null = null;
    const found = await discoverReplicas(
      {
        url: 'http://realtime:4010',
        refreshMs: 60_000,
        lookup: async (name) => {
          if (fail) throw Object.assign(new Error(`getaddrinfo ${fail} ${name}`), { code: fail });
          return ['10.1.0.3'];
        },
      },
      testLogger(),
    );
    try {
      fail = 'EAI_AGAIN';
      await found.refresh();
      expect(found.current().map(String)).toEqual(['http://10.1.0.3:4010/']);
      fail = 'ENOTFOUND';
      await found.refresh();
      expect(found.current()).toEqual([]);
    } finally {
      await found.stop();
    }
  });

  it('looks the name up again by itself', async () => {
    let lookups = 0;
    const found = await discoverReplicas(
      {
        url: 'http://localhost:4010',
        refreshMs: 20,
        lookup: async () => {
          lookups++;
          return ['127.0.0.1'];
        },
      },
      testLogger(),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(lookups).toBeGreaterThanOrEqual(3);
    } finally {
      await found.stop();
    }
  });

  it('resolves a real name through the system resolver by default', async () => {
    const found = await discoverReplicas({ url: 'http://localhost:4010', refreshMs: 60_000 }, testLogger());
    try {
      expect(found.current().length).toBeGreaterThan(0);
      expect(found.current().every((url) => url.port === '4010')).toBe(true);
    } finally {
      await found.stop();
    }
  });
});
