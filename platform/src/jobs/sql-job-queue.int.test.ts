import { createTestDatabase } from '../testing/infra.ts';
import { describeJobQueue } from './jobs.contract.ts';

describeJobQueue('embedded on PostgreSQL', async () => {
  const database = await createTestDatabase();
  return {
    backend: { adapter: 'embedded', database: 'postgresql', url: database.url },
    exclusive: false,
    drop: () => database.drop(),
  };
});
