import { existsSync, readFileSync } from 'node:fs';
import { PUBLIC_EVENT_TYPES, SCOPE_NAMES, SCOPES, TOKEN_LIMITS, WEBHOOK_LIMITS } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { hasGuide, loadGuide } from './guide.ts';
import { EVENTS_BY_FAMILY } from './labels.ts';
import english from './locales/en.json';

const sentences = new Set(Object.values(english));

describe('the Developer tab', () => {
  it('has each scope’s sentence word for word, so that it is translated', () => {
    expect(SCOPE_NAMES.filter((scope) => !sentences.has(SCOPES[scope]))).toEqual([]);
  });

  it('has the contracts’ form errors word for word, so that they are translated', () => {
    const errors = [
      'Name is required',
      `Name must be at most ${TOKEN_LIMITS.nameMax} characters`,
      'Choose at least one scope',
      'Expiry must be between 1 and 365 days',
      'Enter a valid http(s) URL',
      `URL must be at most ${WEBHOOK_LIMITS.urlMax} characters`,
      'Choose at least one event',
      `Description must be at most ${WEBHOOK_LIMITS.descriptionMax} characters`,
    ];
    expect(errors.filter((error) => !sentences.has(error))).toEqual([]);
  });

  it('offers every public event once, under its family', () => {
    const offered = EVENTS_BY_FAMILY.flatMap(({ types }) => types);
    expect([...offered].sort()).toEqual([...PUBLIC_EVENT_TYPES].sort());
    expect(EVENTS_BY_FAMILY.every(({ types }) => types.length > 0)).toBe(true);
  });

  it('shows the integrators’ page as docs/ has it, and offers none when there is none', async () => {
    const path = new URL('../../../../../docs/integrators.md', import.meta.url);
    expect(hasGuide).toBe(existsSync(path));
    expect(await loadGuide()).toBe(existsSync(path) ? readFileSync(path, 'utf8') : null);
  });
});
