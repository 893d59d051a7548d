import { describeIngest } from './ingest-api.suite.ts';

describeIngest('embedded (table-backed log, SQL measurements)', async () => ({}));
