import pg from 'pg';
import { asPostgresConnection, type PostgresConnection, pgConnectionConfig } from './pg-connection.ts';

/** The database a connection names, and a client of the same server's `postgres` database to create or drop it. */
function serverAdmin(target: string | PostgresConnection) {
  const connection = asPostgresConnection(target);
  const name = decodeURIComponent(new URL(connection.url).pathname.slice(1));
  const admin = new URL(connection.url);
  admin.pathname = '/postgres';
  return { name, client: new pg.Client(pgConnectionConfig({ ...connection, url: admin.toString() })) };
}

/** Creates the database named in `url` when it does not exist yet (connecting to the server's `postgres` database). */
export async function ensureDatabase(target: string | PostgresConnection): Promise<void> {
  const { name, client } = serverAdmin(target);
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(target: string | PostgresConnection): Promise<void> {
  const { name, client } = serverAdmin(target);
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}
