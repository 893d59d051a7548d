import { startSpeedServer } from './speed-server.ts';
import { speedServerOptionsFrom, speedServerUsage } from './speed-server-options.ts';

// `nq speed-server`: node probe/src/speed-server/main.ts [--host] [--http-port] [--udp-port]

let options: ReturnType<typeof speedServerOptionsFrom>;
try {
  options = speedServerOptionsFrom(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${(error as Error).message}\nusage: ${speedServerUsage}`);
  process.exit(2);
}

const server = await startSpeedServer(options).catch((error: Error) => {
  console.error(`speed server: cannot start: ${error.message}`);
  process.exit(1);
});
console.info(
  `speed server: http on ${options.host}:${server.httpPort} (/download, /upload, /ping, /health), ` +
    `udp reflector on ${options.host}:${server.udpPort}`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  await server.close();
  console.info(`speed server: stopped (${signal})`);
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
