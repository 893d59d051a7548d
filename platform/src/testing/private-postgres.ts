import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';
import { type PrivateServer, serverProcess, takesConnections } from './private-process.ts';
import { serverDirectory, serviceUser } from './service-user.ts';

/**
 * A PostgreSQL server of a test's own on a free loopback port, from Debian's PostgreSQL binaries, which a
 * fault-injection test stops (cleanly or by a crash) and starts again on the same port and data folder without
 * touching the shared server other tests use.
 */
/**
 * Its clean stop (SIGTERM) is PostgreSQL's "fast" shutdown (SIGINT to the postmaster: sessions are ended, a checkpoint
 * written), not its "smart" SIGTERM, which waits for every client to disconnect and so would hang while a test's pool
 * is open; after a crash (SIGKILL) the next start recovers from the write-ahead log.
 */
export interface PrivatePostgres extends PrivateServer {
  /** `postgresql://postgres@127.0.0.1:<port>` (trust authentication), for TEST_POSTGRES_SERVER: add `/<database>`. */
  serverUrl: string;
}

const startTimeoutMs = 60_000;
const debianPostgres = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL Debian installed (/usr/lib/postgresql/<version>/bin). */
function postgresBin() {
  const versions = existsSync(debianPostgres)
    ? readdirSync(debianPostgres).filter((version) => existsSync(join(debianPostgres, version, 'bin/postgres')))
    : [];
  const newest = versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0];
  if (!newest) throw new Error(`no PostgreSQL server in ${debianPostgres}: install Debian's postgresql package`);
  return join(debianPostgres, newest, 'bin');
}

/** `tls`: the server also takes TLS sessions, with this certificate and key (PEM). */
export async function startPrivatePostgres(
  name: string,
  options: { tls?: { certificate: string; key: string } } = {},
): Promise<PrivatePostgres> {
  const bin = postgresBin();
  // PostgreSQL refuses to run as root: as root, initdb and postgres run as the service user, in a folder it owns.
  const user = serviceUser();
  const dir = serverDirectory(`nq-postgres-${name}-`, user);
  const data = join(dir, 'data');
  const port = await freePort();
  const asServer = { uid: user?.uid, gid: user?.gid, cwd: dir };
  // The C locale, whatever the machine's: the cluster does not depend on which locales are installed. --no-sync:
  // a data folder thrown away with the test need not be flushed to disk first (the server itself keeps fsync on).
  await promisify(execFile)(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
    asServer,
  ).catch((error: Error & { stderr?: string }) => {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb of private PostgreSQL ${name} failed: ${error.stderr || error.message}`);
  });

  const tlsArgs: string[] = [];
  if (options.tls) {
    // PostgreSQL refuses a key file others can read, or owned by another user than its own.
    for (const [file, text] of [
      ['server.crt', options.tls.certificate],
      ['server.key', options.tls.key],
    ] as const) {
      writeFileSync(join(dir, file), text, { mode: 0o600 });
      if (user) chownSync(join(dir, file), user.uid, user.gid);
    }
    tlsArgs.push('-c', 'ssl=on', '-c', `ssl_cert_file=${join(dir, 'server.crt')}`);
    tlsArgs.push('-c', `ssl_key_file=${join(dir, 'server.key')}`);
  }
  const server = serverProcess({
    description: `private PostgreSQL ${name}`,
    command: join(bin, 'postgres'),
    // Its socket in its own folder: the default /var/run/postgresql may be missing, or not writable by its user.
    args: [
      ...['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
      ...tlsArgs,
    ],
    logFile: join(dir, 'postgres.log'),
    cwd: dir,
    user,
    cleanStop: 'SIGINT',
    // The port opens before crash recovery is over; the log says when the server accepts sessions.
    ready: async (output) =>
      /database system is ready to accept connections/.test(output()) && (await takesConnections(port)),
    startTimeoutMs,
  });
  await server.start();
  return {
    serverUrl: `postgresql://postgres@127.0.0.1:${port}`,
    stop: server.stop,
    start: server.start,
    destroy: async () => {
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
