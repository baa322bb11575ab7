import type { AiSearchResult } from '@commonwork/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../../../shared/i18n/i18n.ts';
import { aiReading } from './aiReading.ts';

afterEach(() => activate('en'));

/** An interpreter's answer; its English sentences are not what the panel shows. */
const read = (overrides: Partial<AiSearchResult> = {}, filters: Partial<AiSearchResult['suggestedFilters']> = {}): AiSearchResult => ({
  interpretedQuery: 'server heading',
  explanation: 'server explanation',
  searchQuery: '',
  suggestedFilters: { category: 'all', priceRange: 'all', sortBy: 'relevance', ...filters },
  subCategory: null,
  maxPrice: null,
  minPrice: null,
  deliveryDays: null,
  suggestions: [],
  source: 'local',
  ...overrides,
});

const cheapFastLogo = read({ searchQuery: 'logo', maxPrice: 50, deliveryDays: 1 }, { category: 'design', sortBy: 'price-low' });

describe("the AI panel's reading of a search", () => {
  it('in English, from the interpretation alone', () => {
    expect(aiReading(cheapFastLogo)).toEqual({
      heading: 'UI/UX Design gigs matching "logo", under $50, delivered within 1 day, cheapest first',
      explanation: 'The filters come from your request; "logo" ranks the gigs within UI/UX Design.',
    });
    expect(aiReading(read({ searchQuery: 'poems' })).explanation).toBe(
      'No category, price, order or delivery words were found, so this is a plain text search for "poems".',
    );
  });

  it("in German: category, prices, delivery and order in German, the person's words as typed", async () => {
    await loadLocale('de');
    activate('de');
    expect(aiReading(cheapFastLogo)).toEqual({
      heading: 'Angebote in UI/UX-Design zu „logo“, unter 50\u00a0$, Lieferung innerhalb von 1 Tag, günstigste zuerst',
      explanation: 'Die Filter stammen aus Ihrer Anfrage; „logo“ ordnet die Angebote in UI/UX-Design.',
    });
    expect(aiReading(read({ searchQuery: 'wordpress', minPrice: 100, maxPrice: 400, deliveryDays: 7 }))).toEqual({
      heading: 'Angebote zu „wordpress“, 100\u00a0$–400\u00a0$, Lieferung innerhalb von 7 Tagen',
      explanation: 'Die Filter stammen aus Ihrer Anfrage; jedes Ergebnis enthält außerdem „wordpress“.',
    });
    expect(aiReading(read({}, { priceRange: 'high', sortBy: 'rating' }))).toEqual({
      heading: 'Alle Angebote, über 700\u00a0$, am besten bewertete zuerst',
      explanation: 'Die Filter stammen aus Ihrer Anfrage; keine weiteren Wörter schränken die Ergebnisse ein.',
    });
    expect(aiReading(read()).explanation).toBe(
      'Es wurden keine Wörter zu Fähigkeiten, Preis, Reihenfolge oder Lieferung gefunden, daher werden alle Angebote angezeigt.',
    );
  });
});
