import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../testing/test-api.ts';

type Answer = Awaited<ReturnType<SignedClient['inject']>>;

/**
 * Concurrent commands on one aggregate end in the state some serial order of them gives: of creates under one name
 * one wins and the others are told the name is taken; of updates that expect one version one wins and the others
 * get 409; updates that expect none are all applied, one version each; graphics added at once to one category are
 * all kept. With `apps: 2` the commands are shared between two API processes' platforms on one store (their
 * in-process queues do not see each other: only the event store's optimistic concurrency orders them), one of which
 * projects the read models.
 */
export function describeConcurrency(
  profile: string,
  environment: () => Promise<NodeJS.ProcessEnv>,
  options: { apps: 1 | 2; runs: number },
) {
  describe(`concurrent commands on one aggregate — ${profile}`, { timeout: 300_000 }, () => {
    const apis: TestApi[] = [];
    let clients: SignedClient[];
    const run = Date.now().toString(36);
    let serial = 0;

    beforeAll(async () => {
      const env = await environment();
      // The second is an API process alone: the first one's projector writes the read models.
      for (let index = 0; index < options.apps; index += 1)
        apis.push(await openTestApi(env, { projector: index === 0 }));
      clients = apis.map((api) => api.app);
    }, 240_000);
    afterAll(async () => {
      for (const api of apis) await api.raw.close();
    });

    /** Sends every request at once, spread over the API processes. */
    const atOnce = (requests: Parameters<SignedClient['inject']>[0][]) =>
      Promise.all(requests.map((request, index) => clients[index % clients.length]!.inject(request)));
    const statuses = (answers: Answer[]) => answers.map((answer) => answer.statusCode).sort();
    const parallelism = fc.integer({ min: 2, max: 8 });

    it('creates under one name: one is created, the others are told the name is taken', async () => {
      await fc.assert(
        fc.asyncProperty(parallelism, async (count) => {
          const name = `Race ${run} ${++serial}`;
          const answers = await atOnce(
            Array.from({ length: count }, () => ({ method: 'POST', url: '/tags', payload: { name } })),
          );
          expect(statuses(answers)).toEqual([201, ...Array(count - 1).fill(409)]);
          for (const answer of answers.filter((each) => each.statusCode === 409))
            expect(answer.json().code).toBe('tags.nameExists');
          const winner = answers.find((answer) => answer.statusCode === 201)!.json();
          const listed = await apis[0]!.readCaughtUp(
            `/tags?q=${encodeURIComponent(name)}&minPosition=${winner.position}`,
          );
          expect(listed.statusCode, listed.body).toBe(200);
          expect(listed.json().list.map((tag: { id: string }) => tag.id)).toEqual([winner.id]);
        }),
        { numRuns: options.runs },
      );
    });

    async function createdTag() {
      const created = await clients[0]!.inject({
        method: 'POST',
        url: '/tags',
        payload: { name: `Tag ${run} ${++serial}` },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json() as { id: string; version: number };
    }
    const storedTag = async (id: string) => {
      const head = await apis[0]!.platform.eventStore.head();
      const read = await apis[0]!.readCaughtUp(`/tags/${id}?minPosition=${head}`);
      expect(read.statusCode, read.body).toBe(200);
      return read.json() as { name: string; version: number };
    };

    it('updates that expect one version: one is applied, the others get 409 and change nothing', async () => {
      await fc.assert(
        fc.asyncProperty(parallelism, async (count) => {
          const tag = await createdTag();
          const names = Array.from({ length: count }, (_, index) => `Renamed ${run} ${++serial} ${index}`);
          const answers = await atOnce(
            names.map((name) => ({
              method: 'PUT',
              url: `/tags/${tag.id}`,
              payload: { name, expectedVersion: tag.version },
            })),
          );
          expect(statuses(answers)).toEqual([200, ...Array(count - 1).fill(409)]);
          const winner = names[answers.findIndex((answer) => answer.statusCode === 200)];
          for (const answer of answers.filter((each) => each.statusCode === 409))
            expect(answer.json().code).toBe('request.conflict');
          expect(await storedTag(tag.id)).toMatchObject({ name: winner, version: tag.version + 1 });
        }),
        { numRuns: options.runs },
      );
    });

    it('updates that expect no version: every one is applied, in some order, one version each', async () => {
      await fc.assert(
        fc.asyncProperty(parallelism, async (count) => {
          const tag = await createdTag();
          const names = Array.from({ length: count }, (_, index) => `Updated ${run} ${++serial} ${index}`);
          const answers = await atOnce(
            names.map((name) => ({ method: 'PUT', url: `/tags/${tag.id}`, payload: { name } })),
          );
          expect(statuses(answers)).toEqual(Array(count).fill(200));
          const versions = answers.map((answer) => answer.json().version as number);
          expect([...versions].sort((a, b) => a - b)).toEqual(names.map((_, index) => tag.version + 1 + index));
          // The last applied is the one whose answer has the last version.
          const last = names[versions.indexOf(Math.max(...versions))];
          expect(await storedTag(tag.id)).toMatchObject({ name: last, version: tag.version + count });
        }),
        { numRuns: options.runs },
      );
    });

    it('graphics added at once to one category of a dashboard: every one is kept', async () => {
      await fc.assert(
        fc.asyncProperty(parallelism, async (count) => {
          const created = await clients[0]!.inject({
            method: 'POST',
            url: '/dashboards/personal',
            payload: { name: `Board ${run} ${++serial}`, categories: [{ name: 'Speed' }] },
          });
          expect(created.statusCode, created.body).toBe(201);
          const { id } = created.json() as { id: string };
          const answers = await atOnce(
            Array.from({ length: count }, (_, index) => ({
              method: 'POST',
              url: `/dashboards/personal/${id}/Speed/graphic`,
              payload: { title: `Graphic ${index}`, request: { kpi: 'download' } },
            })),
          );
          expect(statuses(answers)).toEqual(Array(count).fill(201));
          const head = await apis[0]!.platform.eventStore.head();
          const read = await apis[0]!.readCaughtUp(`/dashboards/personal/${id}?minPosition=${head}`);
          expect(read.statusCode, read.body).toBe(200);
          const dashboard = read.json();
          const titles = dashboard.categories[0].graphics.map((graphic: { title: string }) => graphic.title).sort();
          expect(titles).toEqual(Array.from({ length: count }, (_, index) => `Graphic ${index}`).sort());
        }),
        { numRuns: options.runs },
      );
    });
  });
}
