import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TRANSLATIONS = ['es', 'fr', 'de'] as const;

/**
 * English messages a translation may keep word for word, per language: the same word there, or a
 * name. Anything else identical to English is a translation someone forgot.
 */
const SAME_AS_ENGLISH: Record<(typeof TRANSLATIONS)[number], readonly string[]> = {
  es: ['Personal', 'Hackathon', 'Networking', 'App'],
  fr: [
    'Notifications',
    'Hackathon',
    'Date',
    'Description',
    'Tags',
    'Type',
    'Public',
    'Message',
    'Messages',
    'Conversation',
    'Conversations',
    'Cloud',
    'Infrastructure',
  ],
  de: [
    'Community',
    'Dashboard',
    'Hackathon',
    'Networking',
    'Workshop',
    'Webinar',
    'Meetup',
    'Online',
    'Offline',
    'Hybrid',
    'Tags',
    'Cloud',
    'Name',
    'App',
  ],
};

type Catalog = Record<string, string>;

/** Every `locales` folder under web/src: an area's catalogs. */
function catalogFolders(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules') return [];
    const path = join(folder, entry.name);
    return entry.name === 'locales' ? [path] : catalogFolders(path);
  });
}

const read = (folder: string, locale: string): Catalog => JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8'));

/** What a message fills in, whatever its words: its arguments (`{name}`, a plural's `{count}`) and its element tags (`<0>`). */
function slots(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , format] = token as [string, string?, unknown?];
      names.add(`{${name}}`);
      if (format && typeof format === 'object') for (const branch of Object.values(format)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  for (const [tag] of message.matchAll(/<\/?\d+\/?>/g)) names.add(tag);
  return [...names].sort();
}

/** Words in a message besides what it fills in. */
const hasWords = (message: string) => /\p{L}/u.test(message.replace(/\{[^{}]*\}|<\/?\d+\/?>/g, ''));

const folders = catalogFolders();

describe('the message catalogs', () => {
  it('are found', () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  it('give each message id to one area only', () => {
    const owners = new Map<string, string>();
    const twice: string[] = [];
    for (const folder of folders) {
      for (const id of Object.keys(read(folder, 'en'))) {
        const owner = owners.get(id);
        if (owner) twice.push(`${id} in ${owner} and ${relative(SRC, folder)}`);
        owners.set(id, relative(SRC, folder));
      }
    }
    expect(twice).toEqual([]);
  });

  describe.each(folders.map((folder) => [relative(SRC, folder), folder]))('%s', (_name, folder) => {
    const english = read(folder, 'en');

    it('has English messages that are valid ICU MessageFormat', () => {
      for (const [id, message] of Object.entries(english)) expect(() => compileMessageOrThrow(message), id).not.toThrow();
    });

    it.each(TRANSLATIONS)('translates every English message into %s, with the same arguments and elements', (locale) => {
      const translated = read(folder, locale);
      const missing = Object.keys(english).filter((id) => !(id in translated) || translated[id]?.trim() === '');
      const extra = Object.keys(translated).filter((id) => !(id in english));
      const changedSlots = Object.keys(english).filter(
        (id) => id in translated && JSON.stringify(slots(english[id] ?? '')) !== JSON.stringify(slots(translated[id] ?? '')),
      );
      expect({ missing, extra, changedSlots }).toEqual({ missing: [], extra: [], changedSlots: [] });
    });

    it.each(TRANSLATIONS)('has no %s message left in English', (locale) => {
      const translated = read(folder, locale);
      const same = Object.entries(english)
        .filter(([id, message]) => translated[id] === message && hasWords(message) && !SAME_AS_ENGLISH[locale].includes(message))
        .map(([id, message]) => `${id}: ${message}`);
      expect(same).toEqual([]);
    });
  });
});
