import { baseURL } from '../playwright.config.ts';

/** The samples of a metric in a Prometheus exposition, by their label sets. */
const samplesOf = (exposition: string, name: string) =>
  [...exposition.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))].map(([, labels = '', value]) => ({
    labels,
    value: Number(value),
  }));

/**
 * What the platform still has to do after it answers /ready, read from its /metrics (served to a caller on the same
 * host): records its consumer groups have yet to read (the demo history's last days go through measurements.enriched
 * to the cubes and alerting) and jobs running. Nothing when it has settled.
 */
function stillBusy(exposition: string): string[] {
  const lagging = samplesOf(exposition, 'nq_log_consumer_lag_records').filter(({ value }) => value > 100);
  const running = samplesOf(exposition, 'nq_jobs').filter(
    ({ labels, value }) => labels.includes('state="running"') && value > 0,
  );
  return [
    ...lagging.map(({ labels, value }) => `${value} records behind ${labels}`),
    ...running.map(({ labels, value }) => `${value} jobs running ${labels}`),
  ];
}

/**
 * Playwright's global setup, after its web server answers /ready: waits until the platform has done what its start
 * set off (folding the demo's weeks into cubes, its first jobs), so that the first tests do not meet an API that a
 * start under way keeps busy (on a loaded machine the profile took over 10 s to load then). A condition, not a time:
 * it waits as long as that takes, up to a bound for a platform that never settles, and then lets the tests run.
 */
export default async function settledPlatform() {
  const deadline = Date.now() + 10 * 60_000;
  let quietSamples = 0;
  let busy: string[] = [];
  while (Date.now() < deadline) {
    const answer = await fetch(`${baseURL}/metrics`).catch(() => undefined);
    busy = answer?.ok ? stillBusy(await answer.text()) : [`/metrics answered ${answer?.status ?? 'nothing'}`];
    quietSamples = busy.length === 0 ? quietSamples + 1 : 0;
    // Settled when three samples a second apart find nothing under way (a fleet probe's batch comes and goes).
    if (quietSamples >= 3) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.warn(`the platform had not settled after 10 minutes: ${busy.join('; ')}`);
}
