import { openPgliteClient } from '../sql/pglite-client.ts';
import { describeReadStoreContract } from './read-store.contract.ts';
import { describeReadStoreAggregations } from './read-store-aggregations.contract.ts';
import { openSqlReadStore } from './sql-read-store.ts';

describeReadStoreContract('SQL on PGlite', async () => openSqlReadStore(await openPgliteClient()));

describeReadStoreAggregations('SQL on PGlite', async () => openSqlReadStore(await openPgliteClient()));
