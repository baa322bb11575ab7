import { z } from 'zod';

/** One field that failed validation: the field's dotted path and what is wrong with it. */
export const ErrorDetail = z.object({ field: z.string(), message: z.string() });

/** The body of every error answer (ARCHITECTURE §5). The web app shows `message`. */
export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string().describe('stable machine code, e.g. USER_NOT_FOUND'),
  details: z.array(ErrorDetail).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
export type ErrorDetail = z.infer<typeof ErrorDetail>;
