import { describe, expect, it } from 'vitest';
import { beyondEntry, frameMembers, importCycle, type ModuleGraph } from './chunks.ts';

/** A module graph from a table of static imports; `main` is the entry, and the router loads the `lazy` modules. */
const graph = (imports: Record<string, string[]>, lazy: string[] = []): ModuleGraph => ({
  getModuleIds: () => Object.keys(imports)[Symbol.iterator](),
  getModuleInfo: (id) =>
    id in imports
      ? { isEntry: id === '/src/main.tsx', importedIds: imports[id] ?? [], dynamicImporters: lazy.includes(id) ? ['/src/main.tsx'] : [] }
      : null,
});

describe('frameMembers', () => {
  const modules = graph({
    '/src/main.tsx': ['/src/router.tsx', '/src/classes.ts'],
    '/src/router.tsx': [],
    '/src/classes.ts': [],
    '/src/Shell.tsx': ['/src/Sidebar.tsx', '/src/classes.ts', '/node_modules/@tanstack/query/index.js', '/node_modules/date-fns/index.js'],
    '/src/Sidebar.tsx': ['/src/badge.ts'],
    '/src/badge.ts': [],
    '/node_modules/@tanstack/query/index.js': ['/node_modules/@tanstack/query/core.js'],
    '/node_modules/@tanstack/query/core.js': [],
    '/node_modules/date-fns/index.js': ['/node_modules/date-fns/format.js'],
    '/node_modules/date-fns/format.js': [],
    '/src/Page.tsx': ['/src/badge.ts', '/src/page-only.ts'],
    '/src/page-only.ts': [],
  });

  it('takes what the frame imports through our sources and the named libraries, less the entry’s and the frame itself', () => {
    expect([...frameMembers(modules, [/Shell\.tsx$/], /@tanstack/)].sort()).toEqual([
      '/node_modules/@tanstack/query/core.js',
      '/node_modules/@tanstack/query/index.js',
      '/src/Sidebar.tsx',
      '/src/badge.ts',
    ]);
  });

  it('takes nothing when no frame matches', () => {
    expect(frameMembers(modules, [/Missing\.tsx$/], /@tanstack/).size).toBe(0);
  });
});

describe('beyondEntry', () => {
  const icon = (name: string) => `/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
  const modules = graph(
    {
      '/src/main.tsx': ['/src/Landing.tsx'],
      '/src/Landing.tsx': ['/node_modules/lucide-react/dist/esm/icons/star.mjs'],
      '/node_modules/lucide-react/dist/esm/icons/star.mjs': ['/node_modules/lucide-react/dist/esm/createLucideIcon.mjs'],
      '/node_modules/lucide-react/dist/esm/createLucideIcon.mjs': [],
      '/src/Page.tsx': ['/node_modules/lucide-react/dist/esm/icons/star.mjs', '/node_modules/lucide-react/dist/esm/icons/alert-circle.mjs'],
      '/node_modules/lucide-react/dist/esm/icons/alert-circle.mjs': ['/node_modules/lucide-react/dist/esm/icons/circle-alert.mjs'],
      '/node_modules/lucide-react/dist/esm/icons/circle-alert.mjs': ['/node_modules/lucide-react/dist/esm/createLucideIcon.mjs'],
      '/src/Other.tsx': [icon('alert-circle'), icon('pin')],
      [icon('pin')]: ['/node_modules/lucide-react/dist/esm/createLucideIcon.mjs'],
    },
    ['/src/Page.tsx', '/src/Other.tsx'],
  );

  it('takes the matching modules only lazily loaded screens reach, not the landing page’s', () => {
    expect([...beyondEntry(modules, /lucide-react\/dist\/esm\/icons\//)].sort()).toEqual([
      icon('alert-circle'),
      icon('circle-alert'),
      icon('pin'),
    ]);
  });

  it('keeps to what at least so many lazily loaded screens use, and leaves one screen’s own to it', () => {
    const icons = /lucide-react\/dist\/esm\/icons\//;
    expect([...beyondEntry(modules, icons, { users: 2, frames: [] })].sort()).toEqual([icon('alert-circle'), icon('circle-alert')]);
    // What a frame uses is shared whoever else does: the frame's chunk and a screen's would import each other.
    expect([...beyondEntry(modules, icons, { users: 2, frames: [/Other\.tsx$/] })].sort()).toEqual([
      icon('alert-circle'),
      icon('circle-alert'),
      icon('pin'),
    ]);
  });
});

describe('importCycle', () => {
  it('finds chunks that import each other, through any number of steps', () => {
    const chunks = new Map([
      ['entry.js', ['react.js', 'page.js']],
      ['react.js', []],
      ['page.js', ['frame.js']],
      ['frame.js', ['react.js', 'icons.js']],
      ['icons.js', ['page.js']],
    ]);
    expect(importCycle(chunks)).toEqual(['page.js', 'frame.js', 'icons.js', 'page.js']);
  });

  it('passes a graph where files share imports without a cycle', () => {
    const chunks = new Map([
      ['entry.js', ['react.js', 'initial.js']],
      ['initial.js', ['react.js']],
      ['page.js', ['initial.js', 'react.js']],
      ['react.js', []],
    ]);
    expect(importCycle(chunks)).toBeNull();
  });
});
