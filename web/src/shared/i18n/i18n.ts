import { LANGUAGES } from '@commonwork/contracts';
import { setupI18n } from '@lingui/core';
import type { Locale as DateLocale } from 'date-fns';
import type { Messages } from './catalogs/merge.ts';

export type { Messages };

/** The interface's languages (spec: en, es, fr, de); English is the source and the fallback. */
export type Locale = (typeof LANGUAGES)[number];

/** The values a message fills in: `{name}`, `{count, plural, …}`. */
export type Values = Record<string, unknown>;

/** A translated catalog's chunk (./catalogs/<locale>.ts): every area's messages and date-fns' locale. */
interface Translations {
  messages: Messages;
  dateLocale: DateLocale;
}

const TRANSLATIONS: Record<Exclude<Locale, 'en'>, () => Promise<Translations>> = {
  es: () => import('./catalogs/es.ts'),
  fr: () => import('./catalogs/fr.ts'),
  de: () => import('./catalogs/de.ts'),
};

/** Lingui's instance: English is active until a page has hydrated and another language has loaded. */
export const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

// Every area's English, merged as the areas load: the fallback for a message a translation lacks.
const english: Messages = {};
const dateLocales = new Map<Locale, DateLocale>();
const loading = new Map<Locale, Promise<void>>();

export const isLocale = (value: unknown): value is Locale => (LANGUAGES as readonly unknown[]).includes(value);

/** Adds an area's English messages (its `locales/en.json`), on import of the area's i18n module. */
export function addEnglish(messages: Messages): void {
  Object.assign(english, messages);
  byEnglish = null;
  i18n.load('en', messages);
}

/** The message `id` in the active language (English when the translation lacks it), `values` filled in. */
export function translate(id: string, values?: Values): string {
  return i18n._(id, values, { message: english[id] });
}

// English text → its id, for words that arrive as English text (see translateEnglish); made again
// when an area adds its English.
let byEnglish: Map<string, string> | null = null;

/** A message's text when it has no arguments: as written, or as compiled (a list of strings). */
const plainText = (message: unknown): string | null => {
  if (typeof message === 'string') return message;
  return Array.isArray(message) && message.every((part) => typeof part === 'string') ? message.join('') : null;
};

/**
 * Words that reach the web app as English text rather than by id (a contracts schema's validation
 * message, a server's field detail) in the language shown: the catalogs' message with exactly that
 * English, else the text as it came. A form's field errors go through this (shared/ui/FormField).
 */
export function translateEnglish(text: string): string {
  if (activeLocale() === 'en') return text;
  byEnglish ??= new Map(
    Object.entries(english).flatMap(([id, message]) => {
      const plain = plainText(message);
      return plain === null ? [] : [[plain, id] as const];
    }),
  );
  const id = byEnglish.get(text);
  return id ? translate(id) : text;
}

/** Whether the active language's catalogs hold `id` (messages the web app only has in translation, like the server's errors). */
export const hasMessage = (id: string): boolean => Object.hasOwn(i18n.messages, id);

/** Fetches a language's catalogs (once; English is always there). Resolves when `activate` may show it. */
export function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = TRANSLATIONS[locale]().then(({ messages, dateLocale }) => {
      i18n.load(locale, messages);
      dateLocales.set(locale, dateLocale);
    });
    // A failed fetch (offline, a new release) may be tried again by the next change.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** Makes a loaded language the one `translate` and the formatters use. */
export function activate(locale: Locale): void {
  if (i18n.locale !== locale) i18n.activate(locale);
}

/**
 * Loads and activates `locale` now, for a change the person just made (Settings): what is said next
 * (a toast) is in it. The LocaleProvider then draws the screens in it as the session changes.
 */
export async function showLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  activate(locale);
}

/** The active language. */
export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : 'en');

/** date-fns' locale for the active language; undefined for English (date-fns' default, en-US). */
export const dateLocale = (): DateLocale | undefined => dateLocales.get(activeLocale());
