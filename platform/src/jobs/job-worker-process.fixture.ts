// A job worker in a process of its own, for the contract suite to kill with SIGKILL mid-job. It runs survivor jobs
// that write `started <pid>` to their marks file and then never finish.
import { appendFileSync } from 'node:fs';
import { jobRegistration } from './job-queue-port.ts';
import { openTestQueue, survivorJob, type TestBackend } from './jobs-test-backends.fixture.ts';

const backend = JSON.parse(process.env.JOBS_TEST_BACKEND ?? '') as TestBackend;
const { queue } = await openTestQueue(backend);
await queue.startWorkers([
  jobRegistration(survivorJob, async ({ marks }) => {
    appendFileSync(marks, `started ${process.pid}\n`);
    await new Promise(() => undefined);
    return undefined;
  }),
]);
console.info(`worker ${process.pid} ready`);
