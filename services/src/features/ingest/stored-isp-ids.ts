import { processLog } from '@nq/platform/logging/process-log';
import type { Platform, PlatformWorker } from '@nq/platform/platform';
import { readAll } from '@nq/platform/read-store/read-all';
import { runStartupStep } from '@nq/platform/sql/startup-steps';
import { ispOf, providerDetector, providerEntryFields } from '../providers/index.ts';

/** The start-up step's name: a later change of how ISPs are identified would run under a new one. */
export const storedIspIdsStep = 'measurements-isp-id-v1';

const providersCaughtUpMs = 60_000;

type Stores = Pick<Platform, 'sql' | 'eventStore' | 'readStore' | 'projector' | 'measurements' | 'entities'>;

/**
 * Gives the measurements stored without an ISP id (before ingest recorded one) the id ingest would give them — the
 * provider going by the reported name, else owning the IMSI or IP — from the providers as the log has them now.
 * Answers how many got one.
 */
export async function assignIspIdsFromProviders(platform: Stores): Promise<number> {
  const providersReadModel = platform.entities.projection('provider').name;
  const head = await platform.eventStore.head();
  if (!(await platform.projector.waitFor(head, providersCaughtUpMs, providersReadModel)))
    throw new Error(`the ${providersReadModel} read model did not reach ${head}`);
  const providers = await readAll(platform.readStore, platform.entities.entity('provider').collection, [], {
    fresh: true,
  });
  const detect = providerDetector(
    providers.map((provider) => ({ id: provider.id, fields: providerEntryFields(provider) })),
  );
  return platform.measurements.assignIspIds((facts) => ispOf(detect, facts)?.id);
}

/**
 * The versioned start-up step that runs assignIspIdsFromProviders once per deployment, in the processes that run the
 * projector (docs/features/measurements-and-analytics.md, "ISP identity"). Answers how many measurements got an id,
 * undefined when it had run.
 */
export async function assignStoredIspIds(platform: Stores): Promise<number | undefined> {
  const outcome = await runStartupStep(platform.sql, storedIspIdsStep, () => assignIspIdsFromProviders(platform));
  return outcome.ran ? outcome.result : undefined;
}

/** Runs the step beside the workers, in the background: a failure is tried again at the next start. */
export const storedIspIdsTask: PlatformWorker = {
  name: 'stored-isp-ids',
  runsIn: 'projector',
  start: async (platform) => {
    assignStoredIspIds(platform).catch((error: unknown) =>
      processLog().warn(
        { err: error },
        'ISP ids of stored measurements could not be assigned: tried again at the next start',
      ),
    );
    return { stop: async () => {} };
  },
};
