import type { ErrorBody } from '@commonwork/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

function fieldOf(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
  return path || (missing?.length ? missing.join('.') : '(body)');
}

/** Turns any thrown error into the error body of ARCHITECTURE §5; 5xx details stay in the log only. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let body: ErrorBody = { success: false, message: 'Something went wrong', error: 'INTERNAL' };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({ field: fieldOf(v.instancePath, v.params), message: v.message ?? 'Invalid value' }));
    status = 400;
    body = { success: false, message: details[0]?.message ?? 'Validation failed', error: 'VALIDATION_FAILED', details };
  } else if (error instanceof AppError) {
    status = error.statusCode;
    body = { success: false, message: error.message, error: error.code, ...(error.details && { details: error.details }) };
  } else if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
  } else if (error.statusCode && error.statusCode < 500) {
    status = error.statusCode;
    body = { success: false, message: error.message, error: error.code ?? 'BAD_REQUEST' };
  }

  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.status(status).send(body);
}
