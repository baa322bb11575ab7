import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findUntranslated } from './untranslated.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The sources of a folder, tests aside. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const find = (source: string, file = 'Screen.tsx') => findUntranslated(file, source).map((found) => found.text);

describe('findUntranslated', () => {
  it('finds JSX text, visible attributes and props, shown expressions, toasts and words constants', () => {
    const source = `
      const EMPTY_MESSAGE = 'Nothing here yet';
      const items = [{ to: '/a', label: 'Marketplace' }];
      export function Screen({ n }: { n: number }) {
        toast.error('Failed to load');
        toast(\`Saved \${n} items\`);
        return (
          <div title="Open it" aria-label={n ? 'Close' : 'Open'} className="p-4">
            Hello there
            <Button confirmLabel="Delete" placeholder={\`Search \${n}\`} />
            {n > 1 ? 'Many' : 'One'}
            {n && <span>{'Loose words'}</span>}
          </div>
        );
      }`;
    expect(find(source)).toEqual([
      'Nothing here yet',
      'Marketplace',
      'Failed to load',
      'Saved items',
      'Open it',
      'Close',
      'Open',
      'Hello there',
      'Delete',
      'Search',
      'Many',
      'One',
      'Loose words',
    ]);
  });

  it('lets through what goes through the catalogs, code and brand names', () => {
    const source = `
      const ROUTE = '/marketplace';
      export function Screen({ name }: { name: string }) {
        const t = useT();
        toast.success(t('area.saved'));
        return (
          <a href="/x" className="text-sm" aria-label={t('area.open', { name })} title={name} data-testid="link">
            {t('area.hello')} {name} · {42} — Commonwork {' '}
            <Trans id="area.terms" components={[<a href="/terms" />]} />
            <img alt="" src={ROUTE} />
          </a>
        );
      }`;
    expect(find(source)).toEqual([]);
  });
});

// Every area of web/src as found on disk, so a new one is checked from its first file.
const AREAS = readdirSync(SRC, { withFileTypes: true }).flatMap((entry) =>
  entry.name !== 'features' ? [entry.name] : readdirSync(join(SRC, 'features')).map((name) => `features/${name}`),
);

describe.each(AREAS)('web/src/%s', (area) => {
  it('shows no user-visible string that skips the catalogs', () => {
    const path = join(SRC, area);
    const files = statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(area) ? [path] : [];
    const found = files.flatMap((file) => findUntranslated(relative(SRC, file), readFileSync(file, 'utf8')));
    expect(found.map(({ file, line, text }) => `${file}:${line} ${text}`)).toEqual([]);
  });
});
