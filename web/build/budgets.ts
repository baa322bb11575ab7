import { brotliCompressSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { brotliOptions } from './brotli.ts';
import { type Chunk, staticClosure } from './chunkGraph.ts';

type OutputChunk = Rolldown.OutputChunk;

export interface Budgets {
  /** The lazily loaded modules that are screens (route components). */
  pages: RegExp;
  /** The page a visitor lands on: the entry, and the landing screen's chunks when it is lazy. */
  landing: { module: RegExp; maxBytes: number };
  /** The frames (layout routes) every other screen may be shown in, counted for each of them. */
  shells: RegExp[];
  /** Any other screen: the entry, the frames and the screen's chunks. */
  pageMaxBytes: number;
}

const brotliSize = (code: string) => brotliCompressSync(code, brotliOptions(Buffer.byteLength(code))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface PageCost {
  name: string;
  bytes: number;
  max: number;
}

/**
 * Each page's JavaScript as sent: its entry's chunks and those its screen loads (each lazy route's
 * static imports, followed through; other pages' frames too), each counted once, by `sizeOf`.
 * Largest first. Throws when the entry or a frame is missing, so a renamed file cannot pass unseen.
 */
export function pageCosts(all: readonly Chunk[], limits: Budgets, sizeOf: (fileName: string) => number): PageCost[] {
  const entry = all.find((chunk) => chunk.isEntry);
  const frames = limits.shells.map((shell) => all.find((chunk) => chunk.facadeModuleId && shell.test(chunk.facadeModuleId)));
  if (!entry) throw new Error('budgets: no entry chunk');
  if (frames.some((frame) => !frame)) throw new Error('budgets: a frame was not found among the chunks');
  const cost = (starts: Chunk[]) => [...staticClosure(all, starts)].reduce((sum, file) => sum + sizeOf(file), 0);
  // The landing page may be a lazy screen or part of the entry itself: either way it costs the entry and its own chunks.
  const landingChunk = all.find((chunk) => chunk.isDynamicEntry && limits.landing.module.test(chunk.facadeModuleId ?? ''));
  const landing = {
    name: 'landing page (the entry)',
    bytes: cost(landingChunk ? [entry, landingChunk] : [entry]),
    max: limits.landing.maxBytes,
  };
  const others = all
    .filter((chunk) => chunk !== landingChunk && chunk.isDynamicEntry && limits.pages.test(chunk.facadeModuleId ?? ''))
    .map((chunk) => ({
      name: (chunk.facadeModuleId ?? '').replace(/^.*\/src\//, ''),
      bytes: cost([entry, ...(frames as Chunk[]), chunk]),
      max: limits.pageMaxBytes,
    }));
  return [landing, ...others].sort((a, b) => b.bytes - a.bytes);
}

/** Fails the build when a page's JavaScript, brotli-compressed as it is sent, grows past its budget; prints each page's cost. */
export function budgets(limits: Budgets): Plugin {
  return {
    name: 'commonwork:budgets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const sizes = new Map(chunks.map((chunk) => [chunk.fileName, brotliSize(chunk.code)]));
      const pages = pageCosts(chunks, limits, (file) => sizes.get(file) ?? 0);
      for (const page of pages) this.info(`${page.name}: ${kb(page.bytes)} of JavaScript (brotli), budget ${kb(page.max)}`);
      const over = pages.filter((page) => page.bytes > page.max);
      if (over.length > 0)
        this.error(`over the JavaScript budget: ${over.map((page) => `${page.name} ${kb(page.bytes)} > ${kb(page.max)}`).join('; ')}`);
    },
  };
}
