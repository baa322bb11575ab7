import { type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import { traceIds, tracingOn, tracingWanted } from './tracing.ts';

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
  // A personal access token's secret, as its create answers it.
  '*.secret',
  'secret',
];

/**
 * The process logger: JSON lines with the service name; request id, user id and trace id are added
 * per request. `pretty` (a person reading a terminal) prints one short line per entry instead:
 * time, level, the part that speaks and what it says.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  options: { pretty?: boolean; destination?: NodeJS.WritableStream } = {},
): Logger {
  // Every line written inside a span carries its `trace_id` and `span_id`. With tracing off there is
  // no mixin at all: pino would call it and copy each line's fields into its answer for nothing.
  const settings = {
    name: service,
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...((tracingOn() || tracingWanted()) && { mixin: () => traceIds() ?? {} }),
  };
  if (!options.pretty) return pino(settings);
  return pino(
    settings,
    pretty({
      translateTime: 'SYS:HH:MM:ss',
      // A request's line says its method, path, status and time in its message.
      ignore: 'pid,hostname,name,service,method,url,statusCode,ms',
      messageFormat: '{if service}{service}: {end}{msg}',
      singleLine: true,
      sync: true,
      ...(options.destination && { destination: options.destination }),
    }),
  );
}
