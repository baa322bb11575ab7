import type { ErrorBody } from '@commonwork/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, createError } from '../errors.ts';

const UriTooLong = createError('URI_TOO_LONG', 'A part of the address is too long', 414);
const BadUrl = createError('BAD_URL', 'The address is not valid', 400);

/**
 * The router's own refusals (before any hook runs), in our error body: an over-long path
 * parameter was answered with Fastify's body, which also echoed the whole path back.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = { FST_ERR_MAX_PARAM_LENGTH: UriTooLong, FST_ERR_BAD_URL: BadUrl }[error.code];
  return errorHandler((known?.() ?? error) as FastifyError, request, reply);
}

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
