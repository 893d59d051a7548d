import { randomUUID } from 'node:crypto';
import { createTestDatabase, infra } from '../../testing/infra.ts';
import { openPgClient } from '../sql/pg-client.ts';
import { openElasticsearchMeasurementStore } from './elasticsearch-measurement-store.ts';
import { describeMeasurementStore } from './measurement-store.contract.ts';
import { openSqlMeasurementStore } from './sql-measurement-store.ts';

describeMeasurementStore('Elasticsearch', () =>
  openElasticsearchMeasurementStore({ url: infra.elasticsearchUrl, indexPrefix: `test-${randomUUID().slice(0, 8)}` }),
);

const database = await createTestDatabase();
describeMeasurementStore('SQL (PostgreSQL)', async () => {
  const sql = await openPgClient(database.url);
  const store = await openSqlMeasurementStore(sql);
  return {
    ...store,
    close: async () => {
      await sql.close();
      await database.drop();
    },
  };
});
