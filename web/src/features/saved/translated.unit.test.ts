import { DRAFT_TITLE_MAX } from '@commonwork/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../../shared/i18n/i18n.ts';
import { draftRefusal } from './draftRules.ts';
import { t } from './page/locales/index.ts';

afterEach(() => activate('en'));

describe('drafts in another language', () => {
  it("refuse a draft in the language, the schema's English words included", async () => {
    await loadLocale('de');
    activate('de');
    expect(draftRefusal({ title: '' })).toBe('Bitte geben Sie einen Titel ein, um als Entwurf zu speichern');
    expect(draftRefusal({ title: 'x'.repeat(DRAFT_TITLE_MAX + 1) })).toBe('Der Titel darf höchstens 200 Zeichen lang sein');
  });

  it('count deleted drafts with the plural rules of the language (English keeps the spec’s words)', async () => {
    expect(t('saved.bulkDeleted', { count: 1 })).toBe('1 drafts deleted successfully');
    await loadLocale('fr');
    activate('fr');
    expect(t('saved.bulkDeleted', { count: 1 })).toBe('1 brouillon supprimé avec succès');
    expect(t('saved.bulkDeleted', { count: 3 })).toBe('3 brouillons supprimés avec succès');
  });
});
