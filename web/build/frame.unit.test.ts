import { describe, expect, it } from 'vitest';
import { frameMembers, type ModuleGraph } from './frame.ts';

/** A module graph from a table of static imports; `main` is the entry. */
const graph = (imports: Record<string, string[]>): ModuleGraph => ({
  getModuleIds: () => Object.keys(imports)[Symbol.iterator](),
  getModuleInfo: (id) => (id in imports ? { isEntry: id === '/src/main.tsx', importedIds: imports[id] ?? [] } : null),
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
