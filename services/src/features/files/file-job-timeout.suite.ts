import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { fileRecords } from './file-records.ts';
import { testHangingJob, testHangingKind } from './test-file-job.fixture.ts';

/** A file whose last run times out (its producer hangs and ignores its signal) ends errored, on each jobs adapter. */
export function describeFileJobTimeout(adapter: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`a file job that times out — ${adapter}`, { timeout: 60_000 }, () => {
    let api: TestApi;

    beforeAll(async () => {
      api = await openTestApi(await environment(), { jobs: [testHangingJob] });
    }, 120_000);
    afterAll(() => api?.raw.close());

    it('records the file failed with the timeout’s message once its last attempt runs out of time', async () => {
      const owner = { userId: 'user-files-timeout', profileId: 'files-timeout' };
      const client = await api.as(owner.profileId);
      const { file } = await fileRecords(api.platform).request({
        service: 'csvExtractor',
        owner,
        name: 'slow.csv',
        jobKind: testHangingKind,
        payload: {},
      });

      let listed: { id: string; status: string; errorCode?: string } | undefined;
      await waitFor(`file ${file.id} errored`, async () => {
        const response = await client.inject('/files-management');
        listed = (response.json().list as (typeof listed & object)[]).find((item) => item.id === file.id);
        return listed?.status === 'error';
      });
      expect(listed).toMatchObject({ status: 'error', errorCode: 'files.generationTimedOut', attempts: 1 });
      expect(await api.platform.jobs.get(file.id)).toMatchObject({ state: 'failed', attempts: 2 });
    });
  });
}
