// zod's own UUID pattern (what `z.uuid()` checks), without loading zod's schemas.
import { regexes } from 'zod/v4/core';

const UUID = regexes.uuid();

/** Whether a string is a UUID: ids in paths and events are checked with it before they reach a uuid column. */
export const isUuid = (value: string) => UUID.test(value);
