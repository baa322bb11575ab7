import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../../shared/i18n/i18n.ts';
import { refinementLabels } from './filterLabels.ts';
import { GIG_FORM_MESSAGES } from './formMessages.ts';
import { categoryLabel, countText, deliveryLabel, subCategoryLabel } from './gigDisplay.ts';
import { descriptionHint, firstErrorMessage } from './gigForm.ts';
import { marketplaceFigures } from './marketplaceFigures.ts';
import { GIG_MESSAGES, resultCountText } from './messages.ts';
import { waitText } from './responseFigures.ts';

async function show(locale: 'en' | 'es' | 'fr' | 'de') {
  await loadLocale(locale);
  activate(locale);
}

afterEach(() => activate('en'));

describe('the marketplace in another language', () => {
  it("keeps the spec's English word for word", () => {
    expect(resultCountText(1)).toBe('1 gigs found');
    expect(deliveryLabel('3')).toBe('3 days');
    expect(GIG_MESSAGES.detail.contactSelf()).toBe('You cannot contact yourself');
  });

  it('reads a message when it is shown, in the language shown then', async () => {
    await show('de');
    expect(GIG_FORM_MESSAGES.published()).toBe('Angebot erfolgreich veröffentlicht!');

    expect(GIG_MESSAGES.delete.confirm('Logo')).toBe(
      'Möchten Sie „Logo“ wirklich löschen? Diese Aktion kann nicht rückgängig gemacht werden.',
    );
  });

  it('counts with the plural rules of the language and writes numbers and prices in its form', async () => {
    await show('de');
    expect(resultCountText(1)).toBe('1 Angebot gefunden');
    expect(resultCountText(1200)).toBe('1.200 Angebote gefunden');
    expect(countText(1, 'order')).toBe('1 Bestellung');
    expect(deliveryLabel('3')).toBe('3 Tage');
    expect(deliveryLabel(undefined)).toBe('7 Tage');
    expect(deliveryLabel('14')).toBe('2 Wochen');
    expect(refinementLabels({ maxPrice: 1200, maxDelivery: 1 })).toEqual(['Bis 1.200\u00a0$', 'Lieferung innerhalb von 1 Tag']);
    expect(marketplaceFigures({ members: 1, activeGigs: 12_400, events: 2 }).map((f) => `${f.value} ${f.label}`)).toEqual([
      '1 Mitglied',
      '12.400 Angebote',
      '2 Veranstaltungen',
    ]);
    await show('fr');
    expect(waitText(90)).toBe('2 heures');
    expect(descriptionHint(1)).toBe('1/100 caractères\u202f: une bonne description en compte au moins 100');
  });

  it("names categories in the language, a technology's name as it is", async () => {
    await show('es');
    expect(categoryLabel('web')).toBe('Desarrollo web');
    expect(categoryLabel('devops')).toBe('DevOps');
    expect(subCategoryLabel('logo')).toBe('Diseño de logotipos');
    expect(subCategoryLabel('cicd')).toBe('CI/CD');
  });

  it("shows the form's first failed rule (the schema's English) in the language", async () => {
    await show('fr');
    expect(firstErrorMessage({ price: { message: 'Valid price is required' }, title: { message: 'Title is required' } })).toBe(
      'Le titre est obligatoire',
    );
  });
});
