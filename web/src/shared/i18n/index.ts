export { chooseLocale } from './chooseLocale.ts';
export { type AreaMessages, defineMessages } from './defineMessages.tsx';
export { activeLocale, dateLocale, type Locale, type Messages, showLocale, translateEnglish, type Values } from './i18n.ts';
export { LocaleProvider, useLocale } from './LocaleProvider.tsx';
