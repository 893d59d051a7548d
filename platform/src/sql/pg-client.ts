import pg from 'pg';
import { type PostgresConnection, pgConnectionConfig } from './pg-connection.ts';
import { pgSessionLocks } from './pg-session-lock.ts';
import type { SqlClient, SqlParam } from './sql-client.ts';

// 64-bit integers (offsets, positions) come back as strings rather than losing precision as numbers.
export async function openPgClient(
  connection: string | PostgresConnection,
  options: { maxConnections?: number } = {},
): Promise<SqlClient> {
  const connectionConfig = pgConnectionConfig(connection);
  const pool = new pg.Pool({ ...connectionConfig, max: options.maxConnections ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports any lasting failure.
  });
  const client = await pool.connect();
  client.release();
  const toParams = (params?: readonly SqlParam[]) => (params ? [...params] : []);
  const locks = pgSessionLocks(() => new pg.Client(connectionConfig));
  return {
    dialect: 'postgresql',
    query: async (text, params) => (await pool.query(text, toParams(params))).rows,
    transaction: async (work) => {
      const connection = await pool.connect();
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
      await pool.query(script);
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
      await locks.close();
      await pool.end();
    },
  };
}
