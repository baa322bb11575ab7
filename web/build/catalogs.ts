import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** An area's catalog: `…/locales/<locale>.json` (web/src/shared/i18n). */
export const CATALOG = /[\\/]locales[\\/](en|es|fr|de)\.json$/;

/** Each message of a catalog (ICU MessageFormat) compiled into Lingui's tokens. Throws on a message that does not parse. */
export function compileCatalog(source: string, file: string): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      try {
        return [id, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: message ${id} is not valid ICU MessageFormat: ${(error as Error).message}`);
      }
    }),
  );
}

/**
 * Compiles the catalogs as Vite reads them, so the browser gets messages ready to fill in and no
 * message compiler (6.5 KB brotli) ships. The output is JSON still: Vite's own JSON plugin makes the
 * module. Tests import the catalogs without this plugin; Lingui compiles them as it meets them there
 * (outside production it carries its compiler).
 */
export function catalogs(): Plugin {
  return {
    name: 'commonwork:catalogs',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOG.test(file)) return null;
      return { code: JSON.stringify(compileCatalog(code, file)), map: null };
    },
  };
}
