import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that `z.toJSONSchema` writes for our contracts. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
}

/** A contract's schema as JSON Schema, for what a client sends (coercions and defaults on the input side). */
export const jsonSchemaOf = (schema: z.ZodType): Schema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

const bounded = (value: number | undefined, fallback: number) => Math.max(-1e9, Math.min(1e9, value ?? fallback));

function stringOf(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 200)), unit: 'grapheme' });
}

/** Values a well-behaved client could send for `schema` (patterns and refinements aside: those may be refused). */
export function arbitraryOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map(arbitraryOf));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0] as Schema);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value)])), {
        requiredKeys: (schema.required ?? []).filter((key) => key in properties),
      });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: bounded(schema.minimum, -1_000), max: bounded(schema.maximum, 1_000_000) });
    case 'number':
      return fc.double({
        min: bounded(schema.minimum, -1_000),
        max: bounded(schema.maximum, 1_000_000),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Text a person never types and PostgreSQL partly cannot store. */
const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u001b[31m',
  '\u0007',
  '😀'.repeat(3),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
);

/** A value of the wrong kind, or of the right kind at its worst. */
export const brokenValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1 + 0.2,
    '',
    ' ',
    '0x10',
    '1e5',
    'NaN',
    'Infinity',
    [],
    {},
    [null],
    { $gt: '' },
  ),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 50 }),
);

/** Nested `depth` deep: arrays in arrays, or objects in objects. */
export const deeplyNested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A well-formed value with one field (at any depth) replaced by a broken one, or the whole of it. */
export function breakOne(value: unknown, path: number[], replacement: unknown): unknown {
  if (value === null || typeof value !== 'object' || path.length === 0) return replacement;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length === 0) return replacement;
  const [first, ...rest] = path;
  const index = (first as number) % entries.length;
  const [key, child] = entries[index] as readonly [string, unknown];
  const broken = breakOne(child, rest, replacement);
  return Array.isArray(value) ? value.map((v, i) => (i === index ? broken : v)) : { ...value, [key]: broken };
}
