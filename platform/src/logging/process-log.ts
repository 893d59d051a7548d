import { type Logger, pino } from 'pino';
import type { Config } from '../config/config.ts';
import { loggerOptions, readableLogs } from './log-output.ts';

/** What a component says, at a level: its fields, then the message (pino's order). */
export interface ProcessLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

interface Current {
  logger: Logger;
  readable: boolean;
}

let current: Current | undefined;

const defaults = (): Pick<Config, 'logLevel' | 'logFormat'> => ({
  logLevel: (process.env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'info',
  logFormat: (process.env.LOG_FORMAT as Config['logFormat'] | undefined) ?? 'auto',
});

function loggerFor(config: Pick<Config, 'logLevel' | 'logFormat'>, processName: string): Current {
  const { readable, options } = loggerOptions(config);
  const { stream, ...rest } = options;
  const logger = stream ? pino(rest, stream) : pino(rest);
  return { logger: logger.child({ process: processName }), readable };
}

/**
 * Makes one logger the process's: every component logs through it, JSON lines for a collector (with the process's
 * name on each) or readable lines at a terminal, as the configuration says. An API process passes its HTTP server's
 * logger, so that requests and components write alike.
 */
export function useProcessLog(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  processName: string,
  // Fastify's logger is a pino logger; its type says less.
  logger?: { child(bindings: object): unknown },
) {
  current = logger
    ? { logger: logger.child({ process: processName }) as Logger, readable: readableLogs(config.logFormat) }
    : loggerFor(config, processName);
  return current.logger;
}

/** The process's logger (until one is chosen, one from LOG_LEVEL and LOG_FORMAT: a test, a tool). */
export function processLog(): Logger {
  current ??= loggerFor(defaults(), 'nq');
  return current.logger;
}

/**
 * What a person starting the process waits for (where it listens, how to stop it), whatever the level: the text as
 * it is at a terminal, one info entry of JSON for a collector.
 */
export function announce(message: string) {
  processLog();
  if (current!.readable) console.info(message);
  else current!.logger.child({}, { level: 'info' }).info(message.trim());
}

/** The process's logger as a component's default log, resolved at each entry (whichever the process chose since). */
export const logOfProcess: ProcessLog = {
  info: (fields, message) => processLog().info(fields, message),
  warn: (fields, message) => processLog().warn(fields, message),
  error: (fields, message) => processLog().error(fields, message),
};
