import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../api/errors.ts';
import { formatDate } from '../format/dates.ts';
import { formatCount, formatCurrency } from '../format/numbers.ts';
import { formatRelativeTimeLong, formatRelativeTimeShort, formatTimeLabel } from '../format/relativeTime.ts';
import { chooseLocale } from './chooseLocale.ts';
import { activate, activeLocale, dateLocale, loadLocale, translateEnglish } from './i18n.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

async function show(locale: 'en' | 'es' | 'fr' | 'de') {
  await loadLocale(locale);
  activate(locale);
}

afterEach(() => activate('en'));

describe('chooseLocale', () => {
  it("takes the person's saved language first", () => {
    expect(chooseLocale('de', ['fr-FR', 'en'])).toBe('de');
  });

  it("gives a visitor the first of their browser's languages that the interface speaks, else English", () => {
    expect(chooseLocale(undefined, ['fr-CA', 'de'])).toBe('fr');
    expect(chooseLocale(undefined, ['pt-BR', 'ES'])).toBe('es');
    expect(chooseLocale(undefined, ['pt-BR', 'ja'])).toBe('en');
    expect(chooseLocale('xx', [])).toBe('en');
  });
});

describe('a language shown', () => {
  it('is English until another has loaded and been activated', async () => {
    expect(activeLocale()).toBe('en');
    expect(dateLocale()).toBeUndefined();
    await show('de');
    expect(activeLocale()).toBe('de');
    expect(dateLocale()?.code).toBe('de');
  });

  it('writes relative times with its words and plurals', async () => {
    await show('de');
    expect(formatRelativeTimeLong(ago(3_600), NOW)).toBe('vor 1 Stunde');
    expect(formatRelativeTimeLong(ago(3 * 86_400), NOW)).toBe('vor 3 Tagen');
    expect(formatRelativeTimeShort(ago(30), NOW)).toBe('gerade eben');
    await show('fr');
    expect(formatRelativeTimeLong(ago(2 * 60), NOW)).toBe('il y a 2 minutes');
    expect(formatTimeLabel(ago(5 * 3_600), NOW)).toBe('il y a 5 h');
    await show('es');
    expect(formatRelativeTimeLong(ago(31_536_000), NOW)).toBe('hace 1 año');
  });

  it('writes numbers and prices in its own form, English keeping its own', async () => {
    expect(formatCurrency(1234.5)).toBe('$1,235');
    await show('de');
    expect(formatCurrency(1234.5)).toBe('1.235\u00a0$');
    expect(formatCount(12_400)).toBe('12.400');
    await show('fr');
    expect(formatCount(12_400)).toBe('12\u202f400');
  });

  it("translates a server error by its code, and shows the server's words in English", async () => {
    const error = new ApiError('Gig not found', 404, 'GIG_NOT_FOUND');
    const unknown = new ApiError('Something odd', 500, 'ODD');
    expect(errorMessage(error, 'Failed')).toBe('Gig not found');
    await show('de');
    expect(errorMessage(error, 'Fehlgeschlagen')).toBe('Angebot nicht gefunden');
    expect(errorMessage(unknown, 'Fehlgeschlagen')).toBe('Fehlgeschlagen');
  });

  it('translates words that arrive as English text when a catalog has that English, else leaves them', async () => {
    expect(translateEnglish('just now')).toBe('just now');
    await show('es');
    expect(translateEnglish('just now')).toBe('justo ahora');
    expect(translateEnglish('Something the catalogs do not have')).toBe('Something the catalogs do not have');
  });

  it('writes dates with the spec pattern in English and a localized one in another language', async () => {
    expect(formatDate(NOW, 'MMM d, yyyy', 'PPP')).toBe('Jun 15, 2025');
    await show('de');
    expect(formatDate(NOW, 'MMM d, yyyy', 'PPP')).toBe('15. Juni 2025');
    await show('fr');
    expect(formatDate(NOW, 'EEEE', 'EEEE')).toBe('dimanche');
  });
});
