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
 * The logger options of a process: JSON lines for log collectors, or one readable line per entry (time, level,
 * message, then the fields) for someone watching `npm start` in a terminal.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): {
  readable: boolean;
  options: { level: string; stream?: Writable };
} {
  if (!readableLogs(config.logFormat)) return { readable: false, options: { level: config.logLevel } };
  return {
    readable: true,
    options: {
      level: config.logLevel,
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
