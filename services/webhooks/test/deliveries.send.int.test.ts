import { randomBytes, randomUUID } from 'node:crypto';
import { freePort } from '@commonwork/kit/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from '../src/deliveries/addresses.ts';
import { type SendPolicy, sendDelivery, USER_AGENT } from '../src/deliveries/send.ts';
import { startReceiver } from './deliveriesReceiver.ts';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const loopbackOk: SendPolicy = { allowPrivate: false, allowLoopback: true, httpsOnly: false };
const strict: SendPolicy = { allowPrivate: false, allowLoopback: false, httpsOnly: false };
const delivery = (url: string, payload = JSON.stringify({ type: 'webhook.ping', timestamp: new Date().toISOString(), data: {} })) => ({
  url,
  secret,
  id: randomUUID(),
  payload,
  at: new Date(),
});

describe('the address rules', () => {
  it('tells public addresses from every non-public range', () => {
    for (const publicAddress of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '100.128.0.1', '::ffff:8.8.8.8']) {
      expect(classifyAddress(publicAddress), publicAddress).toBeNull();
    }
    const kinds = {
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '172.31.255.255': 'private',
      '192.168.1.1': 'private',
      '100.64.0.1': 'private',
      '127.0.0.1': 'loopback',
      '127.9.9.9': 'loopback',
      '0.0.0.0': 'reserved',
      '169.254.10.1': 'link-local',
      '169.254.169.254': 'metadata',
      '224.0.0.1': 'reserved',
      '255.255.255.255': 'reserved',
      '::1': 'loopback',
      '::': 'reserved',
      'fc00::1': 'private',
      'fd12:3456::1': 'private',
      'fe80::1': 'link-local',
      'fd00:ec2::254': 'metadata',
      '::ffff:10.0.0.1': 'private',
      '::ffff:7f00:1': 'loopback',
      '::ffff:169.254.169.254': 'metadata',
      '64:ff9b::a00:1': 'private',
      '2002:7f00:1::': 'loopback',
      'ff02::1': 'reserved',
    } as const;
    for (const [address, kind] of Object.entries(kinds)) expect(classifyAddress(address)?.kind, address).toBe(kind);
  });
});

describe('sending one delivery', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver((r, res) => {
      if (r.path === '/moved') {
        res.writeHead(302, { location: '/elsewhere' }).end();
      } else if (r.path === '/broken') {
        res.writeHead(500).end('x'.repeat(5000));
      } else if (r.path === '/silent') {
        // Never answers.
      } else if (r.path === '/trickle') {
        res.writeHead(200);
        res.write('a little');
      } else res.end('thanks');
    });
  });
  afterAll(() => receiver.close());

  it('signs as Standard Webhooks: the standardwebhooks package verifies what arrives', async () => {
    const one = delivery(`${receiver.url}/hook?x=1`);
    const result = await sendDelivery(one, loopbackOk);
    expect(result).toMatchObject({ ok: true, status: 200, response: 'thanks' });
    const got = receiver.received.at(-1);
    expect(got?.path).toBe('/hook?x=1');
    expect(got?.headers).toMatchObject({ 'webhook-id': one.id, 'content-type': 'application/json', 'user-agent': USER_AGENT });
    expect(new Webhook(secret).verify(got?.body ?? '', got?.headers as Record<string, string>)).toEqual(JSON.parse(one.payload));
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(got?.body ?? '', got?.headers as Record<string, string>),
    ).toThrow();
  });

  it('refuses loopback outside embedded mode, by address or by a name resolving to it, and calls nothing', async () => {
    const before = receiver.received.length;
    const byAddress = await sendDelivery(delivery(receiver.url), strict);
    expect(byAddress).toMatchObject({ ok: false, status: null });
    expect(byAddress.response).toMatch(/^Refused: 127\.0\.0\.1, a loopback address/);
    const byName = await sendDelivery(delivery(`http://localhost:${receiver.port}/`), strict);
    expect(byName.response).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), .*loopback/);
    const v6 = await sendDelivery(delivery(`http://[::1]:${receiver.port}/`), strict);
    expect(v6.response).toMatch(/^Refused: ::1, the loopback address/);
    expect(receiver.received.length).toBe(before);
  });

  it('refuses private, link-local, metadata and mapped addresses; an operator may allow private ones, never metadata', async () => {
    const resolveTo = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
    for (const [address, words] of [
      ['10.0.0.1', 'a private address (10/8)'],
      ['172.20.1.1', 'a private address (172.16/12)'],
      ['192.168.0.10', 'a private address (192.168/16)'],
      ['100.64.1.1', 'a shared (carrier-grade NAT) address'],
      ['169.254.1.1', 'a link-local address'],
      ['fd00::5', 'a unique-local address'],
      ['fe80::1', 'a link-local address'],
      ['::ffff:10.0.0.1', 'a private address (10/8), inside an IPv6 address'],
    ]) {
      const result = await sendDelivery(delivery('http://hooks.example.test/in'), { ...strict, resolve: resolveTo(address as string) });
      expect(result.response, address).toContain(`Refused: hooks.example.test resolves to ${address}, ${words}`);
      expect(result.response).toContain('WEBHOOK_ALLOW_PRIVATE=true');
    }
    const direct = await sendDelivery(delivery('http://10.0.0.1/hook'), strict);
    expect(direct.response).toBe(
      'Refused: 10.0.0.1, a private address (10/8): an operator may allow private receivers with WEBHOOK_ALLOW_PRIVATE=true',
    );
    const metadata = await sendDelivery(delivery('http://169.254.169.254/latest/meta-data'), { ...strict, allowPrivate: true });
    expect(metadata.response).toBe('Refused: 169.254.169.254, a cloud metadata address, is never called');
    // A name with a public and a private address is refused whichever would be used.
    const mixed = await sendDelivery(delivery('http://hooks.example.test/in'), {
      ...strict,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
    });
    expect(mixed.response).toContain('resolves to 10.1.2.3, a private address');
    // Allowed private: it is called (nothing answers at 10.255.255.1 here: the timeout says so).
    const allowed = await sendDelivery(delivery('http://10.255.255.1:9/hook'), { ...strict, allowPrivate: true, timeoutMs: 300 });
    expect(allowed.response).not.toContain('Refused');
  });

  it('connects to the address it checked, once resolved, with the name as Host', async () => {
    let resolutions = 0;
    const result = await sendDelivery(delivery(`http://receiver.example.test:${receiver.port}/pinned`), {
      ...loopbackOk,
      resolve: async () => {
        resolutions += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(result.ok).toBe(true);
    expect(resolutions).toBe(1);
    expect(receiver.received.at(-1)?.headers.host).toBe(`receiver.example.test:${receiver.port}`);
  });

  it('does not follow redirects, keeps the first kilobyte of an error answer, and says why a connection failed', async () => {
    const before = receiver.received.length;
    const moved = await sendDelivery(delivery(`${receiver.url}/moved`), loopbackOk);
    expect(moved).toMatchObject({ ok: false, status: 302, response: ' (redirect to /elsewhere not followed)' });
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(['/moved']);

    const broken = await sendDelivery(delivery(`${receiver.url}/broken`), loopbackOk);
    expect(broken).toMatchObject({ ok: false, status: 500, response: 'x'.repeat(1024) });

    const closed = await sendDelivery(delivery(`http://127.0.0.1:${await freePort()}/`), loopbackOk);
    expect(closed).toMatchObject({ ok: false, status: null });
    expect(closed.response).toMatch(/^Connection failed \(ECONNREFUSED\)/);

    const unknown = await sendDelivery(delivery('http://no-such-host.invalid/'), loopbackOk);
    expect(unknown.response).toMatch(/^Could not resolve no-such-host\.invalid/);
  });

  it('gives up after the timeout, whether no answer or half an answer came', async () => {
    const silent = await sendDelivery(delivery(`${receiver.url}/silent`), { ...loopbackOk, timeoutMs: 300 });
    expect(silent).toMatchObject({ ok: false, status: null, response: 'Timed out after 0.3 s' });
    expect(silent.durationMs).toBeGreaterThanOrEqual(290);
    expect(silent.durationMs).toBeLessThan(2000);
    const trickle = await sendDelivery(delivery(`${receiver.url}/trickle`), { ...loopbackOk, timeoutMs: 300 });
    expect(trickle).toMatchObject({ ok: false, response: 'Timed out after 0.3 s' });
  });

  it('calls https receivers only, in production', async () => {
    const result = await sendDelivery(delivery(receiver.url), { ...loopbackOk, httpsOnly: true });
    expect(result.response).toBe('Refused: only https URLs are called in production');
  });
});
