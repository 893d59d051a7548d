import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { afterAll } from 'vitest';
import { describeProbesApi } from './probes-api.suite.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

/** pg_dump of the whole database, and every read-model document in Elasticsearch. */
describeProbesApi(
  'distributed (PostgreSQL, Elasticsearch)',
  async () => distributedEnvironment(database),
  async () => {
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', database.url], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const search = await fetch(`${infra.elasticsearchUrl}/${database.name}-rm-*/_search?size=10000`);
    return `${stdout}\n${await search.text()}`;
  },
);
