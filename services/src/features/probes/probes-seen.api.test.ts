import { describeProbesSeenApi } from './probes-seen-api.suite.ts';

describeProbesSeenApi('embedded (SQL measurements and analytics)', async () => ({}));
