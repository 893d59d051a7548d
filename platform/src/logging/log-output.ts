import type { Writable } from 'node:stream';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config/config.ts';

/** Whether logs are written as readable lines: asked for, or a person at a terminal outside production. */
export function readableLogs(
  format: Config['logFormat'],
  output: { isTTY?: boolean } = process.stdout,
  environment: NodeJS.ProcessEnv = process.env,
): boolean {
  if (format !== 'auto') return format === 'pretty';
  return output.isTTY === true && environment.NODE_ENV !== 'production';
}

/**
 * A failure as a log entry shows it: its type, code, message and stack, and its cause's. A client's error carries
 * more (an Elasticsearch error the request it made, headers and body): never logged, it may hold credentials and
 * personal data.
 */
export function failureOf(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: failureOf(error.cause, depth + 1) } : {}),
  };
}

/** A failure as logged (the shape Fastify's logger expects of its error serializer). */
type LoggedFailure = { type: string; message: string; stack: string; [field: string]: unknown };

/**
 * The logger options of a process: JSON lines for log collectors, or one readable line per entry (time, level,
 * message, then the fields) for someone watching `npm start` in a terminal.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): {
  readable: boolean;
  options: { level: string; serializers: { err: (error: Error) => LoggedFailure }; stream?: Writable };
} {
  const serializers = {
    err: (error: Error): LoggedFailure => ({
      type: error.name,
      message: error.message,
      stack: '',
      ...failureOf(error),
    }),
  };
  if (!readableLogs(config.logFormat)) return { readable: false, options: { level: config.logLevel, serializers } };
  return {
    readable: true,
    options: {
      level: config.logLevel,
      serializers,
      stream: pinoPretty({
        colorize: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId',
        singleLine: true,
        sync: true,
      }),
    },
  };
}
