import type { Rolldown } from 'vite';

/** What walking the build's chunks needs of each. */
export type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'isDynamicEntry' | 'facadeModuleId' | 'exports'>;

/** The chunks `starts` name and every chunk they import statically, followed through (nearest first): what loading them fetches. */
export function staticClosure(all: readonly Chunk[], starts: readonly Chunk[]): Set<string> {
  const chunks = new Map(all.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const queue = [...starts];
  for (let chunk = queue.shift(); chunk !== undefined; chunk = queue.shift()) {
    if (files.has(chunk.fileName)) continue;
    files.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) queue.push(imported);
    }
  }
  return files;
}

/**
 * The files a pre-rendered page's screens need beyond the entry's: the lazily loaded chunk that
 * exports each screen (`screens`: the route components' names), and their static imports. Fetched
 * side by side once the page has painted, they arrive in one round trip instead of one per level of
 * imports the browser discovers as each file runs. Throws for a screen no lazy chunk exports.
 */
export function screenFiles(all: readonly Chunk[], screens: readonly string[]): string[] {
  const entry = all.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const loaded = staticClosure(all, [entry]);
  const starts = screens.map((screen) => {
    const chunk = all.find((candidate) => candidate.isDynamicEntry && candidate.exports.includes(screen));
    if (!chunk) throw new Error(`no lazily loaded chunk exports the screen ${screen}`);
    return chunk;
  });
  return [...staticClosure(all, starts)].filter((file) => !loaded.has(file));
}
