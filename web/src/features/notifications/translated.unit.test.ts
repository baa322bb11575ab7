import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale, translateEnglish } from '../../shared/i18n/i18n.ts';
import { t } from './locales/index.ts';

afterEach(() => activate('en'));

describe('the notifications in German', () => {
  it("show the gig interest's fixed title (written by the server in English), the tabs' counts and the pager", async () => {
    await loadLocale('de');
    activate('de');
    expect(translateEnglish('New Interest in Your Gig!')).toBe('Neues Interesse an Ihrem Angebot!');
    expect(t('notifications.tab.unread', { count: 3 })).toBe('Ungelesen (3)');
    expect(t('notifications.page', { page: 1, totalPages: 2 })).toBe('Seite 1 von 2');
  });
});
