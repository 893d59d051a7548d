import pg from 'pg';
import { Circuit } from '../health/circuit.ts';
import { processLog } from '../logging/process-log.ts';
import { type PostgresConnection, pgConnectionConfig } from './pg-connection.ts';
import { pgSessionLocks } from './pg-session-lock.ts';
import type { SqlClient, SqlParam } from './sql-client.ts';

/**
 * What the pool throws when no connection came within `connectTimeoutMs`: none free in time (every one busy with a
 * server that does not answer), or a new one the server did not accept in time.
 */
const noConnectionInTime = (error: unknown) =>
  error instanceof Error &&
  /^timeout exceeded when trying to connect|^Connection terminated due to connection timeout/.test(error.message);

// 64-bit integers (offsets, positions) come back as strings rather than losing precision as numbers.
export async function openPgClient(
  connection: string | PostgresConnection,
  options: { maxConnections?: number; connectTimeoutMs?: number; circuitOpenMs?: number } = {},
): Promise<SqlClient> {
  const connectionConfig = pgConnectionConfig(connection);
  // A server that hangs keeps the pool's connections busy: a request waits at most `connectTimeoutMs` for one, and
  // after 3 such waits in a row the circuit refuses at once (503) for a few seconds rather than letting each wait.
  const pool = new pg.Pool({
    ...connectionConfig,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
  });
  const circuit = new Circuit('event-store', {
    ...(options.circuitOpenMs ? { openMs: options.circuitOpenMs } : {}),
    onChange: (state) =>
      state === 'open'
        ? processLog().warn('PostgreSQL gave no connection in time: its requests are refused for a few seconds')
        : processLog().info('PostgreSQL answers again: its requests go through'),
  });
  const guarded = <T>(work: () => Promise<T>) => circuit.run(work, noConnectionInTime);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports any lasting failure.
  });
  const client = await pool.connect();
  client.release();
  const toParams = (params?: readonly SqlParam[]) => (params ? [...params] : []);
  const locks = pgSessionLocks(() => new pg.Client(connectionConfig));
  return {
    dialect: 'postgresql',
    query: async (text, params) => (await guarded(() => pool.query(text, toParams(params)))).rows,
    transaction: async (work) => {
      const connection = await guarded(() => pool.connect());
      try {
        await connection.query('begin');
        const result = await work({
          query: async (text, params) => (await connection.query(text, toParams(params))).rows,
          // Without parameters pg sends a simple query, which may hold several statements.
          exec: async (script) => void (await connection.query(script)),
        });
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    exec: async (script) => {
      await guarded(() => pool.query(script));
    },
    listen: async (channel, onNotify) => {
      // LISTEN needs a connection of its own for as long as the subscription lasts.
      const listener = new pg.Client(connectionConfig);
      listener.on('error', () => undefined);
      await listener.connect();
      listener.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
      await listener.query(`listen "${channel.replaceAll('"', '""')}"`);
      return () => listener.end();
    },
    tryLock: locks.tryLock,
    close: async () => {
      circuit.dispose();
      await locks.close();
      await pool.end();
    },
  };
}
