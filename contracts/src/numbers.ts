import { z } from 'zod';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A number as a form sends it: a number, or its decimal digits as text ('120', ' 99.5 ', '-3'); nothing
 * looser, so `true`, '0x10', '1e3' and '' are refused with `message` instead of read as 1, 16, 1000, 0.
 */
export const formNumber = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(DECIMAL, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }));
