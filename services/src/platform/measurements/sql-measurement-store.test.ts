import { openPgliteClient } from '../sql/pglite-client.ts';
import { describeMeasurementStore } from './measurement-store.contract.ts';
import { openSqlMeasurementStore } from './sql-measurement-store.ts';

describeMeasurementStore('SQL (PGlite)', async () => openSqlMeasurementStore(await openPgliteClient()));
