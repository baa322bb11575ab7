import { isIP } from 'node:net';

/**
 * What kind of non-public address one is. `metadata` and `reserved` are never called; `private`
 * (RFC 1918, shared CGNAT, unique-local, link-local) only when an operator allows private receivers;
 * `loopback` only in embedded development mode.
 */
export type AddressKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved';

interface Range {
  family: 4 | 6;
  base: bigint;
  bits: number;
  kind: AddressKind;
  label: string;
}

const V4_RANGES: [string, AddressKind, string][] = [
  // The cloud providers' instance metadata endpoints first: they sit inside wider ranges.
  ['169.254.169.254/32', 'metadata', 'a cloud metadata address'],
  ['100.100.100.200/32', 'metadata', 'a cloud metadata address'],
  ['0.0.0.0/8', 'reserved', 'a "this network" address'],
  ['10.0.0.0/8', 'private', 'a private address (10/8)'],
  ['100.64.0.0/10', 'private', 'a shared (carrier-grade NAT) address (100.64/10)'],
  ['127.0.0.0/8', 'loopback', 'a loopback address (127/8)'],
  ['169.254.0.0/16', 'link-local', 'a link-local address (169.254/16)'],
  ['172.16.0.0/12', 'private', 'a private address (172.16/12)'],
  ['192.0.0.0/24', 'reserved', 'an IETF protocol address (192.0.0/24)'],
  ['192.0.2.0/24', 'reserved', 'a documentation address'],
  ['192.88.99.0/24', 'reserved', 'a 6to4 relay address'],
  ['192.168.0.0/16', 'private', 'a private address (192.168/16)'],
  ['198.18.0.0/15', 'private', 'a benchmarking address (198.18/15)'],
  ['198.51.100.0/24', 'reserved', 'a documentation address'],
  ['203.0.113.0/24', 'reserved', 'a documentation address'],
  ['224.0.0.0/4', 'reserved', 'a multicast address'],
  ['240.0.0.0/4', 'reserved', 'a reserved address (240/4)'],
];

const V6_RANGES: [string, AddressKind, string][] = [
  ['fd00:ec2::254/128', 'metadata', 'a cloud metadata address'],
  ['::/128', 'reserved', 'the unspecified address'],
  ['::1/128', 'loopback', 'the loopback address (::1)'],
  ['100::/64', 'reserved', 'a discard address (100::/64)'],
  ['2001:db8::/32', 'reserved', 'a documentation address'],
  ['fc00::/7', 'private', 'a unique-local address (fc00::/7)'],
  ['fe80::/10', 'link-local', 'a link-local address (fe80::/10)'],
  ['fec0::/10', 'private', 'a site-local address (fec0::/10)'],
  ['ff00::/8', 'reserved', 'a multicast address'],
];

function v4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function v6ToBigInt(address: string): bigint {
  let text = address.split('%')[0] ?? address;
  // A dotted IPv4 tail (::ffff:10.0.0.1) becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const v4 = v4ToBigInt(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group || '0', 16)), 0n);
}

const parseRanges = (family: 4 | 6, list: [string, AddressKind, string][]): Range[] =>
  list.map(([cidr, kind, label]) => {
    const [base = '', bits = '0'] = cidr.split('/');
    return { family, base: family === 4 ? v4ToBigInt(base) : v6ToBigInt(base), bits: Number(bits), kind, label };
  });

const RANGES = { 4: parseRanges(4, V4_RANGES), 6: parseRanges(6, V6_RANGES) };

function match(family: 4 | 6, value: bigint): Range | undefined {
  const width = family === 4 ? 32n : 128n;
  return RANGES[family].find((range) => {
    const shift = width - BigInt(range.bits);
    return value >> shift === range.base >> shift;
  });
}

/** An address's class when it is not a public one; null for a public address. */
export function classifyAddress(address: string): { kind: AddressKind; label: string } | null {
  const family = isIP(address);
  if (family === 4) {
    const range = match(4, v4ToBigInt(address));
    return range ? { kind: range.kind, label: range.label } : null;
  }
  if (family !== 6) return { kind: 'reserved', label: 'not an IP address' };
  const value = v6ToBigInt(address);
  // IPv4 inside IPv6 is judged as the IPv4 it carries: mapped (::ffff:0:0/96), compatible (::/96),
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
  const high96 = value >> 32n;
  const low32 = value & 0xffff_ffffn;
  const embedded =
    high96 === 0xffffn || (high96 === 0n && low32 > 1n) || high96 === 0x64_ff9b_0000_0000_0000_0000n
      ? low32
      : value >> 112n === 0x2002n
        ? (value >> 80n) & 0xffff_ffffn
        : null;
  if (embedded !== null) {
    const range = match(4, embedded);
    return range ? { kind: range.kind, label: `${range.label}, inside an IPv6 address` } : null;
  }
  const range = match(6, value);
  return range ? { kind: range.kind, label: range.label } : null;
}

/** Which non-public addresses a deployment may call. */
export interface AddressPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: private, shared, unique-local and link-local receivers (an operator's choice). */
  allowPrivate: boolean;
  /** Loopback receivers: embedded development mode only (WEBHOOK_ALLOW_LOOPBACK, never in production). */
  allowLoopback: boolean;
}

/**
 * Whether calling this address is refused, and why: its class's label and, when a setting would
 * allow it, which (null for the classes never called); null when it may be called. The sender
 * (after resolution) and the create-time check of a literal address in a URL both judge by it.
 */
export function addressRefusal(address: string, policy: AddressPolicy): { label: string; allowedBy: string | null } | null {
  const found = classifyAddress(address);
  if (!found) return null;
  if (found.kind === 'loopback') {
    return policy.allowLoopback
      ? null
      : { label: found.label, allowedBy: 'loopback receivers are allowed only in embedded development mode' };
  }
  if (found.kind === 'private' || found.kind === 'link-local') {
    return policy.allowPrivate
      ? null
      : { label: found.label, allowedBy: 'an operator may allow private receivers with WEBHOOK_ALLOW_PRIVATE=true' };
  }
  return { label: found.label, allowedBy: null };
}

/** Why calling this address is refused, or null when it may be called. */
export function refusalOf(address: string, policy: AddressPolicy): string | null {
  const refused = addressRefusal(address, policy);
  if (!refused) return null;
  return refused.allowedBy ? `${address}, ${refused.label}: ${refused.allowedBy}` : `${address}, ${refused.label}, is never called`;
}
