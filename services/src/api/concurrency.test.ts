import { describeConcurrency } from './concurrency.suite.ts';

describeConcurrency('embedded', async () => ({}), { apps: 1, runs: 5 });
