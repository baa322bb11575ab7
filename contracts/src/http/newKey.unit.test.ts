import { afterEach, describe, expect, it, vi } from 'vitest';
import { newKey } from './client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('a write’s Idempotency-Key', () => {
  it('is a version 4 UUID, a new one each time', () => {
    const keys = Array.from({ length: 50 }, newKey);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is one too where randomUUID is missing (a page served over plain HTTP, not a secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const keys = Array.from({ length: 50 }, newKey);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
