import { describe, expect, it } from 'vitest';
import { urlProblem } from './url.ts';

const development = { httpsOnly: false, allowPrivate: false, allowLoopback: false };
const embedded = { ...development, allowLoopback: true };
const production = { httpsOnly: true, allowPrivate: false, allowLoopback: false };
const PRIVATE_HINT = 'an operator may allow private receivers with WEBHOOK_ALLOW_PRIVATE=true';

describe('the URLs a webhook may call', () => {
  it('takes https only in production', () => {
    expect(urlProblem('http://example.com/hook', production)).toBe('Webhook URLs must use https');
    expect(urlProblem('https://example.com/hook', production)).toBeNull();
    expect(urlProblem('http://example.com/hook', development)).toBeNull();
  });

  it.each([
    ['http://10.0.0.1/', 'a private address (10/8)'],
    ['http://172.16.5.4/', 'a private address (172.16/12)'],
    ['http://172.31.255.255/', 'a private address (172.16/12)'],
    ['http://192.168.0.10:8080/', 'a private address (192.168/16)'],
    ['http://[fd00::1]/', 'a unique-local address (fc00::/7)'],
    ['http://[fe80::1]/', 'a link-local address (fe80::/10)'],
    ['http://[::ffff:10.0.0.1]/', 'a private address (10/8), inside an IPv6 address'],
  ])('refuses the private literal address in %s unless an operator allows them', (url, label) => {
    expect(urlProblem(url, development)).toBe(`Webhook URLs may not point to ${label}: ${PRIVATE_HINT}`);
    expect(urlProblem(url, { ...development, allowPrivate: true })).toBeNull();
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data', 'a cloud metadata address'],
    ['http://[::ffff:169.254.169.254]/', 'a cloud metadata address, inside an IPv6 address'],
    ['http://0.0.0.0/', 'a "this network" address'],
    ['http://192.0.2.1/', 'a documentation address'],
  ])('refuses %s whatever is allowed, as the sender does', (url, label) => {
    expect(urlProblem(url, { ...embedded, allowPrivate: true })).toBe(`Webhook URLs may not point to ${label}`);
  });

  it('takes a loopback address only where the sender calls one: embedded development mode', () => {
    for (const url of ['http://127.0.0.1:3000/', 'http://[::1]/']) {
      expect(urlProblem(url, development), url).toMatch(
        /^Webhook URLs may not point to (a|the) loopback address .*: loopback receivers are allowed only in embedded development mode$/,
      );
      expect(urlProblem(url, embedded), url).toBeNull();
    }
  });

  it('leaves public addresses and names to the sender, which checks them after resolution', () => {
    for (const url of ['http://172.32.0.1/', 'https://8.8.8.8/', 'https://hooks.example.com/', 'http://localhost:3000/'])
      expect(urlProblem(url, development), url).toBeNull();
  });

  it('refuses credentials in the URL', () => {
    expect(urlProblem('https://user:pass@example.com/', production)).toBe('Webhook URLs may not contain a user name or password');
  });
});
