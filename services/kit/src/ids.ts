import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout) fixed by a name: whoever derives it from the same name gets the same
 * id, so two writers racing to create one thing land on the same stream and the second finds it.
 */
export function nameBasedId(name: string): string {
  const hash = createHash('sha1').update(name).digest('hex');
  const variant = ((Number.parseInt(hash.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(18, 20)}-${hash.slice(20, 32)}`;
}
