import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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

/** What the HTTP parser refuses before there is a request (Fastify's `clientErrorHandler`), in our error body. */
const CLIENT_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { success: false, message: 'The address or the headers are too long', error: 'HEADERS_TOO_LARGE' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: { success: false, message: 'The request took too long to arrive', error: 'REQUEST_TIMEOUT' },
  },
};
const MALFORMED = { status: 400, body: { success: false, message: 'The request is malformed', error: 'BAD_REQUEST' } } as const;

export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
