import { describeFileJobTimeout } from './file-job-timeout.suite.ts';

describeFileJobTimeout('embedded job queue', async () => ({}));
