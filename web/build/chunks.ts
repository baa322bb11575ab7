import type { Plugin } from 'vite';

/** What a chunk's membership needs of the module graph (Rollup's plugin context has it once the build has read every module). */
export interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; dynamicImporters?: readonly string[] } | null;
}

/** Every module reachable from `starts` through static imports, going on only from modules `follow` accepts. */
function reach(graph: ModuleGraph, starts: Iterable<string>, follow: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (follow(id)) queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Every module the entries reach through static imports: what the first page loads. */
function fromEntries(graph: ModuleGraph): Set<string> {
  return reach(
    graph,
    [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry),
    () => true,
  );
}

/**
 * The modules `test` matches that the entries reach, less the app's entry module (`entry`: the
 * module index.html loads, which keeps the entry chunk's name and scripts): the first page's code in
 * one chunk. Left alone, the bundler moves every module a lazy screen also imports
 * out of the entry's chunk into a small chunk of its own (an icon, a class list), each one more
 * request for the landing page. `test` keeps out what the entries reach only through a barrel
 * (the contracts' index names every schema) and tree-shaking then drops.
 */
export function initialMembers(graph: ModuleGraph, test: RegExp, entry: RegExp): Set<string> {
  return new Set([...fromEntries(graph)].filter((id) => test.test(id) && !entry.test(id) && !graph.getModuleInfo(id)?.isEntry));
}

/**
 * The modules `test` matches that the entries do not reach and that the `frames` (lazy layout routes)
 * or at least `users` lazily loaded modules (screens and the parts they load later) reach through
 * static imports: what many screens share of a package, in one cached file. What fewer use is left to
 * the bundler, which puts it with them, so a screen does not load another's icons.
 */
export function beyondEntry(
  graph: ModuleGraph,
  test: RegExp,
  shared: { users: number; frames: readonly RegExp[] } = { users: 1, frames: [] },
): Set<string> {
  const ids = [...graph.getModuleIds()];
  const initial = fromEntries(graph);
  const matching = (starts: string[]) =>
    [...reach(graph, starts, (m) => !initial.has(m))].filter((id) => test.test(id) && !initial.has(id));
  const framed = new Set(matching(ids.filter((id) => shared.frames.some((frame) => frame.test(id)))));
  const count = new Map<string, number>();
  for (const start of ids.filter((id) => (graph.getModuleInfo(id)?.dynamicImporters?.length ?? 0) > 0)) {
    for (const id of matching([start])) count.set(id, (count.get(id) ?? 0) + 1);
  }
  return new Set(ids.filter((id) => framed.has(id) || (count.get(id) ?? 0) >= shared.users));
}

/**
 * The modules of the signed-in frame's own chunk: what the frames (lazy layout routes) import,
 * followed through our sources and the `libraries` named, less what the entry already has and the
 * frames themselves (they stay small chunks of their own, which import this one). Other libraries
 * are left out: a barrel (date-fns) names every module of its package, of which a screen uses a few,
 * and automatic splitting shares those better; icons have a chunk of their own.
 */
export function frameMembers(graph: ModuleGraph, frames: readonly RegExp[], libraries: RegExp): Set<string> {
  const ids = [...graph.getModuleIds()];
  const initial = fromEntries(graph);
  const isFrame = (id: string) => frames.some((frame) => frame.test(id));
  const ours = (id: string) => !id.includes('/node_modules/') || libraries.test(id);
  const members = new Set<string>();
  for (const id of reach(graph, ids.filter(isFrame), ours)) {
    if (ours(id) && !isFrame(id) && !initial.has(id)) members.add(id);
  }
  return members;
}

/**
 * A chunk whose members `select` picks from the module graph, once the build has read it (the group
 * only looks them up). Imports that the entry has stay in the entry's chunks
 * (`includeDependenciesRecursively: false`), so the landing page never loads the chunk. Left to
 * automatic splitting, the signed-in frame's code and the screens' icons came as dozens of files of
 * a few hundred bytes each; on a phone the requests, and the page's work to preload each, cost more
 * than the bytes (issue 15).
 */
export function graphChunk(name: string, select: (graph: ModuleGraph) => Set<string>, priority: number) {
  let members = new Set<string>();
  const plugin: Plugin = {
    name: `commonwork:${name}-chunk`,
    apply: 'build',
    buildEnd() {
      members = select(this);
      if (members.size === 0) this.error(`${name} chunk: no module selected`);
    },
  };
  const group = { name, test: (id: string) => members.has(id), priority, includeDependenciesRecursively: false };
  return { plugin, group };
}

/** A cycle of static imports among `chunks` (file → the files it imports), as the files in order, or null. */
export function importCycle(chunks: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = path.indexOf(file);
    if (at >= 0) return [...path.slice(at), file];
    if (done.has(file)) return null;
    path.push(file);
    for (const imported of chunks.get(file) ?? []) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(file);
    return null;
  };
  for (const file of chunks.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Fails the build when chunks import each other in a cycle. Lazy screens load without preload hints
 * (vite.config.ts), so the browser meets their files in network order; that is safe only while no
 * two chunks import each other, where the first to arrive would run before what it needs.
 */
export function acyclicChunks(): Plugin {
  return {
    name: 'commonwork:acyclic-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output.imports);
      const cycle = importCycle(chunks);
      if (cycle) this.error(`chunks import each other in a cycle: ${cycle.join(' → ')}`);
    },
  };
}
