import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from './index.ts';
import { REGION_END, REGION_START, replaceRegion } from './text.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

describe('the files generated from the service manifest', () => {
  // A changed manifest without `npm run generate` fails here, so CI catches a stale compose or k8s file.
  it.each(Object.entries(generatedFiles(read)))('%s is what `npm run generate` writes now', (path, text) => {
    expect(read(path), `${path} is stale: run npm run generate`).toBe(text);
  });

  it('replaces only the marked region of a hand-written file', () => {
    const text = `a\n  ${REGION_START}\n  old\n  ${REGION_END}\nb\n`;
    expect(replaceRegion(text, 'x.yaml', '  new\n  lines\n')).toBe(`a\n  ${REGION_START}\n  new\n  lines\n  ${REGION_END}\nb\n`);
    expect(() => replaceRegion('a\n', 'x.yaml', '')).toThrow(/x.yaml has no region/);
  });
});
