import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKeyStore } from './keyStore.ts';

describe('the key file', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const freshDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-'));
    dirs.push(dir);
    return dir;
  };

  it('gives replicas that start at once the same keys, and leaves only the key file behind', async () => {
    const dir = await freshDir();
    const file = join(dir, 'keys.json');
    const stores = await Promise.all(Array.from({ length: 8 }, () => loadKeyStore(file)));
    expect(new Set(stores.map((s) => s.active.kid)).size).toBe(1);
    for (const store of stores) expect(store.jwks).toEqual(stores[0]?.jwks);
    expect(await readdir(dir)).toEqual(['keys.json']);
  });

  it('keeps the keys across restarts', async () => {
    const file = join(await freshDir(), 'keys.json');
    const first = await loadKeyStore(file);
    expect((await loadKeyStore(file)).active.kid).toBe(first.active.kid);
  });
});
