import type { Plugin } from 'vite';

/** What the frame chunk needs of the module graph (Rollup's plugin context has it once the build has read every module). */
export interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
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

/**
 * The modules of the signed-in frame's own chunk: what the frames (lazy layout routes) import,
 * followed through our sources and the `libraries` named, less what the entry already has and the
 * frames themselves (they stay small chunks of their own, which import this one). Other libraries
 * are left out: a barrel (date-fns, lucide-react) names every module of its package, of which a
 * screen uses a few, and automatic splitting shares those better.
 */
export function frameMembers(graph: ModuleGraph, frames: readonly RegExp[], libraries: RegExp): Set<string> {
  const ids = [...graph.getModuleIds()];
  const initial = reach(
    graph,
    ids.filter((id) => graph.getModuleInfo(id)?.isEntry),
    () => true,
  );
  const isFrame = (id: string) => frames.some((frame) => frame.test(id));
  const ours = (id: string) => !id.includes('/node_modules/') || libraries.test(id);
  const members = new Set<string>();
  for (const id of reach(graph, ids.filter(isFrame), ours)) {
    if (ours(id) && !isFrame(id) && !initial.has(id)) members.add(id);
  }
  return members;
}

/**
 * One chunk for the signed-in frame. Left to automatic splitting, its code came as a dozen files of
 * a few hundred bytes each beside the screen's own, and on a phone's connection the requests, more
 * than the bytes, set the time to the first screen (issue 15). Membership is computed once the
 * module graph is read; the group only looks it up. Imports the entry has stay in the entry's
 * chunks (`includeDependenciesRecursively: false`), so the landing page does not load the frame.
 */
export function frameChunk({ frames, libraries }: { frames: readonly RegExp[]; libraries: RegExp }) {
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'commonwork:frame-chunk',
    apply: 'build',
    buildEnd() {
      members = frameMembers(this, frames, libraries);
      if (members.size === 0) this.error('frame chunk: no frame module found');
    },
  };
  const group = { name: 'frame', test: (id: string) => members.has(id), priority: 10, includeDependenciesRecursively: false };
  return { plugin, group };
}
