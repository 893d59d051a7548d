import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { waitFor } from '@nq/platform/testing/wait-for';
import { fileRetentionKind } from '@nq/services/features/files/file-retention';
import { createFleet, geographies, measurementFor, seededRandom, statusOf } from '@nq/services/simulator/fleet-model';
import { signedClient } from '@nq/services/testing/signed-client';
import { openTestApi, type TestApi } from '@nq/services/testing/test-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type DashboardModel, panelQueriesOf, withVariablesFilledIn } from './grafana-dashboard-queries.ts';
import { exportedNamesOf, metricNamesOf, synthetic } from './promql-metric-names.ts';

const folder = resolve(import.meta.dirname, '../../deploy/observability');
const rulesFile = join(folder, 'prometheus-rules.yaml');
const dashboard = JSON.parse(readFileSync(join(folder, 'grafana-dashboard.json'), 'utf8')) as DashboardModel;
const panelQueries = panelQueriesOf(dashboard);
const ruleExpressions = (
  parse(readFileSync(rulesFile, 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] }
).groups.flatMap((group) => group.rules.map((rule) => ({ alert: rule.alert, expr: rule.expr })));

/** promtool's answer; deploy/scripts/test.sh installs Debian's `prometheus` package, which provides it. */
function promtool(...args: string[]) {
  const run = spawnSync('promtool', args, { cwd: folder, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool is missing (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the alert rules and the dashboard', () => {
  it('are rules promtool accepts, and they pass their unit tests', () => {
    const checked = promtool('check', 'rules', rulesFile);
    expect(checked.status, checked.output).toBe(0);
    const tested = promtool('test', 'rules', 'prometheus-rules.test.yaml');
    expect(tested.status, tested.output).toBe(0);
  });

  it('holds the same groups in the production overlay’s PrometheusRule: its spec is the rules file indented', () => {
    const rules = readFileSync(rulesFile, 'utf8');
    const resource = readFileSync(join(folder, '../k8s/overlays/production/monitoring/prometheus-rule.yaml'), 'utf8');
    const spec = resource.slice(resource.indexOf('\nspec:\n') + '\nspec:\n'.length);
    const indented = rules
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .map((line) => (line === '' ? line : `  ${line}`))
      .join('\n');
    expect(spec).toBe(indented);
  });

  it('is a dashboard of schema 39 or later whose every query uses its Prometheus data source variable', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    expect(panelQueries.length).toBeGreaterThan(20);
    // Grafana's variable syntax, not a template string's.
    const datasourceVariable = ['$', '{datasource}'].join('');
    expect(panelQueries.filter((query) => query.datasource?.uid !== datasourceVariable)).toEqual([]);
  });

  it("parses every panel's PromQL, its variables filled in as Grafana does", () => {
    const folderOfRun = mkdtempSync(join(tmpdir(), 'nq-dashboard-rules-'));
    const file = join(folderOfRun, 'dashboard-queries.yaml');
    // JSON is YAML: each query becomes a recording rule promtool parses.
    const rules = panelQueries.map((query, index) => ({
      record: `dashboard:query_${index}`,
      expr: withVariablesFilledIn(query.expr),
    }));
    writeFileSync(file, JSON.stringify({ groups: [{ name: 'grafana-dashboard', rules }] }));
    const checked = promtool('check', 'rules', file);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toContain(`${rules.length} rules found`);
  });

  it('reads metric names out of PromQL as the next test needs', () => {
    expect(
      metricNamesOf(
        'sum by (route, le) (rate(http_request_duration_seconds_bucket{route=~"a|b", x="y(z)"}[5m] offset 1h)) / on (route) group_left (job) up > 0.5 and bool nq_x',
      ).sort(),
    ).toEqual(['http_request_duration_seconds_bucket', 'nq_x', 'up']);
    expect(metricNamesOf('histogram_quantile(0.95, sum without (instance) (rate(a_b:c[1m:30s])))')).toEqual(['a_b:c']);
  });
});

/**
 * The platform (distributed profile, its workers in this process as `nq start` runs them) exports every metric a
 * panel or an alert rule names, once it has had some traffic of each kind.
 */
describe('the metrics the dashboard and the rules name', { timeout: 240_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: TestApi;
  const scrape = async () => (await api.raw.inject('/metrics')).body;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Projecting under the lease, as `nq start` and `nq projector` do: the lease's metrics are the projector's.
    api = await openTestApi(distributedEnvironment(database), { projector: 'lease' });
  }, 180_000);
  afterAll(async () => {
    await api?.raw.close();
    await database?.drop();
  });

  it('are every one exported by a platform that has served requests, ingested results and run a job', async () => {
    // HTTP: answered, created (an append and its projection), not found.
    expect((await api.app.inject('/tags')).statusCode).toBe(200);
    expect(
      (await api.app.inject({ method: 'POST', url: '/tags', payload: { name: 'Observability' } })).statusCode,
    ).toBe(201);
    expect((await api.app.inject('/tags/missing-tag')).statusCode).toBe(404);

    // The gateway: a probe's results and status, through Kafka into the ingest and probe status groups.
    const [probe] = createFleet(1, geographies.madrid!, `obs${Date.now().toString(36)}`, seededRandom(7));
    const created = await api.app.inject({
      method: 'POST',
      url: '/probes',
      payload: { probeId: probe!.probeId, name: 'Observability probe', family: 'Agent', type: probe!.type },
    });
    expect(created.statusCode, created.body).toBe(201);
    const issued = await api.app.inject({ method: 'POST', url: `/probes/${probe!.probeId}/credentials` });
    const gateway = signedClient(api.raw, issued.json());
    const random = seededRandom(11);
    const results = Array.from({ length: 5 }, () => measurementFor(probe!, new Date(), random));
    const sent = await gateway.inject({ method: 'POST', url: '/gateway/v1/results', payload: { items: results } });
    expect(sent.statusCode, sent.body).toBe(202);
    const status = [statusOf(probe!, new Date(), random)];
    expect(
      (await gateway.inject({ method: 'POST', url: '/gateway/v1/status', payload: { items: status } })).statusCode,
    ).toBe(202);
    // A record no probe could have sent (the gateway refuses those): it goes to the dead-letter topic.
    await api.platform.log.produce(api.platform.topics.measurementsRaw, [{ key: probe!.probeId, value: '{"not":1}' }]);

    // A job run (the files retention job, as its daily schedule enqueues it).
    const job = await api.platform.jobs.enqueue(fileRetentionKind, {}, { jobId: 'observability-retention' });
    await waitFor('the job to complete', async () => (await api.platform.jobs.get(job.id))?.state === 'completed');

    const expected = [
      'nq_ingest_measurements_total{outcome="invalid"}',
      'nq_ingest_measurements_total{outcome="indexed"}',
      'nq_log_consumer_lag_records{worker="ingest-worker"',
      'nq_log_consumer_lag_records{worker="probe-status-worker"',
      'nq_projection_lag_seconds_bucket{',
      'nq_job_run_duration_seconds_bucket{',
    ];
    await waitFor(
      'the workers to have handled it all',
      async () => {
        const exposition = await scrape();
        return expected.every((sample) => exposition.includes(sample));
      },
      90_000,
    );

    const exported = exportedNamesOf(await scrape());
    const named = [
      ...panelQueries.map((query) => ({ where: `panel ${query.panel} (${query.refId})`, expr: query.expr })),
      ...ruleExpressions.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
    ].flatMap(({ where, expr }) => metricNamesOf(expr).map((name) => ({ where, name })));
    expect(named.length).toBeGreaterThan(40);
    const missing = named.filter(({ name }) => !synthetic(name) && !exported.has(name));
    expect(missing, `named but not on /metrics:\n${missing.map((m) => `${m.name} — ${m.where}`).join('\n')}`).toEqual(
      [],
    );
  });
});
