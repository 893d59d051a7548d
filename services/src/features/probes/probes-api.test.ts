import { describeProbesApi } from './probes-api.suite.ts';

describeProbesApi(
  'embedded (PGlite, SQL read models)',
  async () => ({}),
  async ({ platform }) => {
    const tables = await platform.sql.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    const rows = await Promise.all(
      tables.map(({ table_name }) => platform.sql.query(`select * from "${table_name}"`).then(JSON.stringify)),
    );
    return rows.join('\n');
  },
);
