import { describe, expect, it } from 'vitest';
import { urlProblem } from './url.ts';

const development = { httpsOnly: false, allowPrivate: false };
const production = { httpsOnly: true, allowPrivate: false };

describe('the URLs a webhook may call', () => {
  it('takes https only in production', () => {
    expect(urlProblem('http://example.com/hook', production)).toBe('Webhook URLs must use https');
    expect(urlProblem('https://example.com/hook', production)).toBeNull();
    expect(urlProblem('http://example.com/hook', development)).toBeNull();
  });

  it.each([
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://172.31.255.255/',
    'http://192.168.0.10:8080/',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
  ])('refuses the private literal address in %s', (url) => {
    expect(urlProblem(url, development)).toBe('Webhook URLs may not point to a private, link-local or metadata address');
    expect(urlProblem(url, { ...development, allowPrivate: true })).toBeNull();
  });

  it('leaves loopback, public addresses and names to the sender, which checks them after resolution', () => {
    for (const url of ['http://127.0.0.1:3000/', 'http://[::1]/', 'http://172.32.0.1/', 'https://8.8.8.8/', 'https://hooks.example.com/'])
      expect(urlProblem(url, development), url).toBeNull();
  });

  it('refuses credentials in the URL', () => {
    expect(urlProblem('https://user:pass@example.com/', production)).toBe('Webhook URLs may not contain a user name or password');
  });
});
