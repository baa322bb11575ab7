import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/**
 * Paths pino must never print: credentials travel in headers and in a few bodies.
 * Keep this list beside the logger so a new secret field is added in one place.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.token',
  '*.credential',
  '*.password',
  'token',
  'credential',
];

/** The process logger: JSON lines with the service name; request id, user id and trace id are added per request. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, redact: { paths: REDACT, censor: '[redacted]' } });
}
