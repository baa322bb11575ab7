import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The decisions are one file each under docs/decisions/<area>/, listed by docs/decisions/README.md.
// A file nobody can reach from the index, or an index line whose file is gone, is how the two drift.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'docs', 'decisions');
const index = join(folder, 'README.md');
const thisFile = fileURLToPath(import.meta.url);

/** Folders that hold no source: installed packages, builds, data and reports (as .gitignore has them). */
const SKIPPED = new Set(['node_modules', '.git', 'data', 'dist', 'test-results', 'playwright-report', 'coverage']);
const BINARY = /\.(png|jpe?g|gif|webp|ico|svg|woff2?|ttf|gz|br|pdf|zip)$/i;

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(path, keep);
    return entry.isFile() && keep(path) ? [path] : [];
  });
}

/** Relative Markdown links to .md files: `[text](path.md)` or `[text](path.md#anchor)`; code is examples, not links. */
function markdownLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s#]+\.md)(#[^)\s]*)?\)/g)].flatMap((match) => {
    const target = match[1];
    return target === undefined || /^[a-z]+:/i.test(target) ? [] : [target];
  });
}

const decisionFiles = filesUnder(folder, (path) => path.endsWith('.md') && path !== index);

describe('docs/decisions', () => {
  it('has decisions to check', () => {
    expect(decisionFiles.length).toBeGreaterThan(100);
  });

  it('lists every decision file in the index, once', () => {
    const linked = markdownLinks(readFileSync(index, 'utf8')).map((target) => resolve(folder, target));
    const unlisted = decisionFiles.filter((path) => !linked.includes(path)).map((path) => relative(folder, path));
    expect(unlisted).toEqual([]);
    const twice = linked.filter((path, i) => linked.indexOf(path) !== i).map((path) => relative(folder, path));
    expect(twice).toEqual([]);
  });

  it('links only files that exist, from the index and from each decision', () => {
    const broken = [index, ...decisionFiles].flatMap((file) =>
      markdownLinks(readFileSync(file, 'utf8'))
        .filter((target) => !existsSync(resolve(dirname(file), target)))
        .map((target) => `${relative(root, file)} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('gives each decision a title, then its Context, Decision and Why', () => {
    const malformed = decisionFiles.filter((path) => {
      const text = readFileSync(path, 'utf8');
      return !/^# \S/.test(text) || !/^Context: /m.test(text) || !/^Decision:/m.test(text) || !/^Why: /m.test(text);
    });
    expect(malformed.map((path) => relative(folder, path))).toEqual([]);
  });

  it('leaves no link to the single decisions file it replaced', () => {
    // Built from parts so that this file does not name what it looks for.
    const old = ['decisions', 'md'].join('.');
    expect(existsSync(join(root, 'docs', old))).toBe(false);
    const naming = filesUnder(root, (path) => path !== thisFile && !BINARY.test(path) && statSync(path).size < 2_000_000)
      .filter((path) => readFileSync(path, 'utf8').includes(old))
      .map((path) => relative(root, path));
    expect(naming).toEqual([]);
  });
});
