import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureWebBuilt, STAMP, staleReason } from './webBuild.mjs';

describe('when the launchers build the web app', () => {
  let root: string;
  let dist: string;
  const touch = (path: string, atMs: number) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), 'x');
    utimesSync(join(root, path), atMs / 1000, atMs / 1000);
  };
  const built = (atMs: number) => {
    touch('web/dist/index.html', atMs);
    writeFileSync(join(dist, STAMP), String(atMs));
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cw-webbuild-'));
    dist = join(root, 'web', 'dist');
    touch('web/src/main.tsx', 1_000_000);
    touch('contracts/src/index.ts', 1_000_000);
    touch('package-lock.json', 1_000_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds what was never built, or was built by hand (no stamp says from what)', () => {
    expect(staleReason(root, dist)).toBe('not built yet');
    touch('web/dist/index.html', 2_000_000);
    expect(staleReason(root, dist)).toBe('built without a stamp');
  });

  it('serves a build newer than every source', () => {
    built(2_000_000);
    expect(staleReason(root, dist)).toBeNull();
  });

  it.each([
    'web/src/features/x/Page.tsx',
    'web/build/prerender.ts',
    'web/index.html',
    'web/vite.config.ts',
    'contracts/src/http/gigs.ts',
    'package-lock.json',
  ])('builds again when %s changed after the build started (a git pull)', (path) => {
    built(2_000_000);
    touch(path, 3_000_000);
    expect(staleReason(root, dist)).toBe('sources changed since the last build');
  });

  it('ignores what the build does not read', () => {
    built(2_000_000);
    touch('services/identity/src/x.ts', 3_000_000);
    touch('web/node_modules/x/index.js', 3_000_000);
    expect(staleReason(root, dist)).toBeNull();
  });

  it('serves WEB_DIST as given and never builds it', () => {
    const said: string[] = [];
    expect(ensureWebBuilt(root, { env: { WEB_DIST: '/tmp/elsewhere' }, say: (m) => said.push(m) })).toBe('/tmp/elsewhere');
    expect(said).toEqual([]);
  });
});
