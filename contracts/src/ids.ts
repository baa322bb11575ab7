import { z } from 'zod';

const Uuid = z.uuid();

/** Whether a string is a UUID: ids in paths and events are checked with it before they reach a uuid column. */
export const isUuid = (value: string) => Uuid.safeParse(value).success;
