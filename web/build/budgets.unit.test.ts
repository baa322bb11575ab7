import { describe, expect, it } from 'vitest';
import { type Budgets, pageCosts } from './budgets.ts';
import type { Chunk } from './chunkGraph.ts';

const limits: Budgets = {
  pages: /\/src\/features\/.+Page\.tsx$/,
  landing: { module: /LandingPage\.tsx$/, maxBytes: 100 },
  shells: [/\/app\/Shell\.tsx$/],
  pageMaxBytes: 170,
};
const chunk = (fileName: string, imports: string[], facade: string | null = null, dynamic = false): Chunk => ({
  fileName,
  imports,
  isEntry: fileName === 'index.js',
  isDynamicEntry: dynamic,
  facadeModuleId: facade,
  exports: [],
});
// index → react; the landing → icons; the shell → socket; two pages share forms.
const build = [
  chunk('index.js', ['react.js']),
  chunk('react.js', []),
  chunk('landing.js', ['icons.js'], '/w/src/features/landing/LandingPage.tsx', true),
  chunk('icons.js', []),
  chunk('shell.js', ['socket.js'], '/w/src/app/Shell.tsx', true),
  chunk('socket.js', []),
  chunk('gigs.js', ['forms.js', 'react.js'], '/w/src/features/gigs/GigsPage.tsx', true),
  chunk('events.js', ['forms.js'], '/w/src/features/events/EventsPage.tsx', true),
  chunk('forms.js', ['icons.js']),
];
const sizes: Record<string, number> = {
  'index.js': 10,
  'react.js': 60,
  'landing.js': 5,
  'icons.js': 3,
  'shell.js': 4,
  'socket.js': 20,
  'gigs.js': 30,
  'events.js': 40,
  'forms.js': 30,
};

describe('page budgets', () => {
  it('counts the entry, the frames and the screen with everything they import, each file once', () => {
    const costs = pageCosts(build, limits, (file) => sizes[file] ?? 0);
    expect(costs).toEqual([
      { name: 'features/events/EventsPage.tsx', bytes: 10 + 60 + 4 + 20 + 40 + 30 + 3, max: 170 },
      { name: 'features/gigs/GigsPage.tsx', bytes: 10 + 60 + 4 + 20 + 30 + 30 + 3, max: 170 },
      // The landing page is shown in no frame.
      { name: 'landing page (the entry)', bytes: 10 + 60 + 5 + 3, max: 100 },
    ]);
  });

  it('finds a page over its budget when a shared chunk grows', () => {
    const costs = pageCosts(build, limits, (file) => (file === 'forms.js' ? 40 : (sizes[file] ?? 0)));
    expect(costs.filter((page) => page.bytes > page.max).map((page) => page.name)).toEqual(['features/events/EventsPage.tsx']);
  });

  it('counts a landing page built into the entry as the entry and what it imports', () => {
    const eager = [
      chunk('index.js', ['react.js', 'icons.js']),
      ...build.filter((c) => c.fileName !== 'index.js' && c.fileName !== 'landing.js'),
    ];
    const costs = pageCosts(eager, limits, (file) => sizes[file] ?? 0);
    expect(costs.find((page) => page.max === 100)).toEqual({ name: 'landing page (the entry)', bytes: 10 + 60 + 3, max: 100 });
    // The other pages pay for it too: it is in the entry.
    expect(costs.find((page) => page.name.includes('Gigs'))?.bytes).toBe(10 + 60 + 3 + 4 + 20 + 30 + 30);
  });

  it('refuses a build whose frame it cannot find', () => {
    expect(() => pageCosts(build, { ...limits, shells: [/Missing\.tsx$/] }, () => 1)).toThrow(/frame/);
  });
});
