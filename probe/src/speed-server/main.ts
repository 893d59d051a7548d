#!/usr/bin/env node
import { startSpeedServer } from './speed-server.ts';
import { speedServerOptionsFrom, speedServerUsage } from './speed-server-options.ts';

/** `nq speed-server` (or `node probe/src/speed-server/main.ts`): serves until SIGTERM or SIGINT; the exit code. */
export async function runSpeedServerCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.info(`usage: ${speedServerUsage}`);
    return 0;
  }
  let options: ReturnType<typeof speedServerOptionsFrom>;
  try {
    options = speedServerOptionsFrom(args, env);
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: ${speedServerUsage}`);
    return 2;
  }
  const server = await startSpeedServer(options);
  console.info(
    `speed server: http on ${options.host}:${server.httpPort} (/download, /upload, /ping, /health), ` +
      `udp reflector on ${options.host}:${server.udpPort}`,
  );
  const signal = await new Promise<string>((stop) => {
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await server.close();
  console.info(`speed server: stopped (${signal})`);
  return 0;
}

if (import.meta.main) process.exitCode = await runSpeedServerCli(process.argv.slice(2));
