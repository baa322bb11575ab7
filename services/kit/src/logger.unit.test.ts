import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('the process logger', () => {
  it('prints one readable line per entry for a person at a terminal, with the part that speaks and no secrets', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const log = createLogger('commonwork', 'info', { pretty: true, destination: out });
    log.child({ service: 'identity' }).info({ token: 'eyJ.secret.jwt' }, 'Server listening at http://127.0.0.1:4001');
    log.info('Commonwork is running on http://localhost:8080');
    const lines = stripVTControlCharacters(text).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: identity: Server listening at http:\/\/127\.0\.0\.1:4001/);
    expect(lines[0]).not.toContain('eyJ.secret.jwt');
    expect(lines[1]).toMatch(/INFO: Commonwork is running on http:\/\/localhost:8080$/);
  });
});
