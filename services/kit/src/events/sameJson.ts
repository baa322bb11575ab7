import { isDeepStrictEqual } from 'node:util';

/**
 * Whether two values say the same as JSON: object members in any order, as PostgreSQL's `jsonb`
 * gives them back in an order of its own (a state folded from stored events never has the order of
 * the command it is compared with), and members whose value is undefined absent, as JSON drops them.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(asJson(a), asJson(b));
}

const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
