import { describe, expect, it } from 'vitest';
import { type Chunk, screenFiles, staticClosure } from './chunkGraph.ts';

const chunk = (fileName: string, imports: string[], exports: string[] = [], dynamic = exports.length > 0): Chunk => ({
  fileName,
  imports,
  isEntry: fileName === 'index.js',
  isDynamicEntry: dynamic,
  facadeModuleId: null,
  exports,
});
// index → react; the shell → frame → icons; the gig page → frame, forms → icons.
const build = [
  chunk('index.js', ['react.js']),
  chunk('react.js', []),
  chunk('shell.js', ['frame.js', 'react.js'], ['SignedInShell']),
  chunk('frame.js', ['icons.js']),
  chunk('icons.js', []),
  chunk('gig.js', ['frame.js', 'forms.js'], ['GigDetailPage']),
  chunk('forms.js', ['icons.js']),
  chunk('events.js', ['forms.js'], ['EventsPage']),
];

describe('staticClosure', () => {
  it('follows static imports through, each file once, nearest first', () => {
    expect([...staticClosure(build, [build[5] as Chunk])]).toEqual(['gig.js', 'frame.js', 'forms.js', 'icons.js']);
  });
});

describe('screenFiles', () => {
  it("lists the screens' files and their imports, less what the entry already loads", () => {
    expect(screenFiles(build, ['SignedInShell', 'GigDetailPage'])).toEqual(['shell.js', 'gig.js', 'frame.js', 'forms.js', 'icons.js']);
    expect(screenFiles(build, [])).toEqual([]);
  });

  it('fails for a screen no lazily loaded chunk exports, so a renamed screen cannot lose its preloads unseen', () => {
    expect(() => screenFiles(build, ['GigPage'])).toThrow(/no lazily loaded chunk exports the screen GigPage/);
  });
});
