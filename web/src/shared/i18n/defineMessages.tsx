import { type ReactElement, type ReactNode, useMemo } from 'react';
import { addEnglish, type Messages, translate, type Values } from './i18n.ts';
import { useLocale } from './LocaleProvider.tsx';
import { withElements } from './Trans.tsx';

type Elements = ReactElement<{ children?: ReactNode }>[];

/** An area's translating functions, typed by its catalog's ids (see I18N-READY.md). */
export interface AreaMessages<Id extends string> {
  /** The message in the language shown now: for toasts, and code outside components. */
  t: (id: Id, values?: Values) => string;
  /** In a component: `t`, and the component is drawn again when the language changes. */
  useT: () => (id: Id, values?: Values) => string;
  /** A message with elements in it: `<Trans id="…" components={[<a href="…" />]} />` for `Read <0>the terms</0>`. */
  Trans: (props: { id: Id; values?: Values; components: Elements }) => ReactNode;
}

const translateNow = (id: string, values?: Values) => translate(id, values);

function useTranslate() {
  const locale = useLocale();
  // A new function for each language, so values memoised on it are made again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what changes it.
  return useMemo(() => (id: string, values?: Values) => translate(id, values), [locale]);
}

function Trans({ id, values, components }: { id: string; values?: Values; components: Elements }) {
  useLocale();
  return withElements(translate(id, values), components);
}

/**
 * Registers an area's English catalog (its `locales/en.json`, imported by the area's
 * `locales/index.ts`) and returns its functions, typed by that catalog's ids: a misspelt id does not compile.
 */
export function defineMessages<Catalog extends Messages>(english: Catalog): AreaMessages<Extract<keyof Catalog, string>> {
  addEnglish(english);
  return { t: translateNow, useT: useTranslate, Trans };
}
