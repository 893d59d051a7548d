import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import { csvExtractionRequestSchema, defaultCsvColumns, type EnrichedMeasurement } from '@nq/contracts';
import { loadConfig } from '@nq/platform/config/config';
import { servicesOf } from '@nq/platform/entities/entity-catalog';
import { openPlatform } from '@nq/platform/platform';
import { dropDatabase } from '@nq/platform/sql/ensure-database';
import { platformRuns } from '@nq/services/composition/platform-runs';
import { csvExtractionKind } from '@nq/services/features/csv-extraction/index';
import { fileRecords, storedNameOf } from '@nq/services/features/files/index';

// The CSV extraction job at scale: N measurements are written straight into the store (one process), then another
// process — the job worker — runs the extraction of all of them while its resident memory is sampled every 100 ms
// (and read from VmHWM at the end). Prints rows/s and the worker's peak RSS per profile and size.
//
//   npm run bench:csv-extraction
//   BENCH_SIZES=100000,300000 BENCH_PROFILES=distributed npm run bench:csv-extraction

const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const profiles = (process.env.BENCH_PROFILES ?? 'embedded,distributed').split(',') as ('embedded' | 'distributed')[];
const elasticsearchUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const profileId = 'bench-extractor';
const programs = [{ id: 'speedtest', type: 2 as const, program: 'Speed test', groups: [] }];
const WRITE_BATCH = 5_000;

/** The platform's variables for one run: a fresh data folder, database, index and topic prefix. */
function runEnvironment(profile: 'embedded' | 'distributed', run: string): Record<string, string> {
  return {
    PROFILE: profile,
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-csv-extraction-bench-')),
    DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/nq_bench_csv_${run}`,
    ELASTICSEARCH_INDEX_PREFIX: `bench-csv-${run}`,
    TOPIC_PREFIX: `bench-csv-${run}.`,
    DEMO_DATA: 'false',
    CONSOLE_DIR: tmpdir(),
  };
}

const openBenchPlatform = () => openPlatform(loadConfig(process.env), platformRuns);

/** A measurement as ingest stores it: fields, enrichment and the speed test's KPIs. */
function measurementOf(index: number): EnrichedMeasurement {
  const measuredAt = new Date(Date.UTC(2026, 0, 1) + index * 7_000).toISOString();
  const isps = ['Movistar', 'Vodafone', 'Orange', 'Digi'];
  return {
    schemaVersion: 1,
    measurementId: `bench-${String(index).padStart(8, '0')}`,
    probeId: `probe${index % 500}`,
    probeType: 'mobile',
    program: 'speedtest',
    testType: 'http-download',
    technology: 4 + (index % 2),
    technologyLabel: index % 2 === 0 ? '4G' : '5G',
    isp: isps[index % 4]!,
    ispId: `provider-${isps[index % 4]!.toLowerCase()}`,
    provider: `provider-${isps[index % 4]!.toLowerCase()}`,
    ip: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    destination: { name: 'madrid-1', ip: '10.0.0.1' },
    measuredAt,
    receivedAt: measuredAt,
    location: { lat: 40.3 + (index % 1000) / 5000, lon: -3.8 + (index % 777) / 5000 },
    taskMode: 'active',
    taskSuite: 'suite-mobile',
    status: index % 33 === 0 ? 'Error' : 'Finished',
    kpis: { download: 20 + (index % 400) / 4, upload: 5 + (index % 90) / 3, latency: 12 + (index % 60), jitter: 2.5 },
    hour: new Date(measuredAt).getUTCHours(),
    weekday: new Date(measuredAt).getUTCDay(),
    fringe: index % 3,
    campaigns: ['campaign-madrid'],
    clusters: ['cluster-madrid-mobile'],
    universes: ['universe-spain-mobile'],
    tags: index % 10 === 0 ? ['gold'] : [],
    device: { model: 'Pixel 8', appVersion: '4.2.0' },
  } as EnrichedMeasurement;
}

/** Child process 1: the profile, and N measurements written straight into the store. */
async function load(count: number) {
  const platform = await openBenchPlatform();
  const services = servicesOf(platform.entities);
  await services.profile.execute(
    {
      type: 'create',
      id: profileId,
      fields: {
        name: 'Bench extractor',
        service: 'mobile',
        programs,
        technologies: [4, 5],
        serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
        layers: [{ id: 'csv_extractor', groups: [] }],
      },
    },
    {
      actor: { userId: 'bench', profileId },
      commandId: randomBytes(8).toString('hex'),
      correlationId: 'bench',
      now: new Date(),
    },
  );
  const started = performance.now();
  const inFlight = platform.config.profile === 'distributed' ? 3 : 1;
  for (let start = 0; start < count; start += WRITE_BATCH * inFlight) {
    await Promise.all(
      Array.from({ length: inFlight }, async (_, slot) => {
        const from = start + slot * WRITE_BATCH;
        const batch = Array.from({ length: Math.max(0, Math.min(WRITE_BATCH, count - from)) }, (_, i) =>
          measurementOf(from + i),
        );
        const { failed } = await platform.measurements.write(batch);
        if (failed.length > 0) throw new Error(`writing failed: ${failed[0]!.reason}`);
      }),
    );
  }
  const store = platform.measurements as unknown as { client?: Client; alias?: string };
  if (store.client) {
    await store.client.indices.refresh({ index: store.alias! });
    // One segment per index, as a month long written would be, so that the scan does not read the loading's segments.
    await store.client.indices.forcemerge({ index: store.alias!, max_num_segments: 1 });
  }
  const stored = await platform.measurements.count();
  console.warn(`loaded ${stored} measurements in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await platform.close();
}

const residentOf = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

/** Child process 2: the job worker, running the extraction of every measurement loaded. */
async function extract() {
  const platform = await openBenchPlatform();
  const baseline = residentOf('VmRSS');
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const records = fileRecords(platform);
  const started = performance.now();
  const { file } = await records.request({
    service: 'csvExtractor',
    owner: { userId: 'bench', profileId },
    name: 'bench-extraction.csv',
    jobKind: csvExtractionKind,
    payload: {
      service: 'mobile',
      programs: ['speedtest'],
      filters: csvExtractionRequestSchema.parse({}),
      columns: defaultCsvColumns(programs, []),
      userId: 'bench',
      profileId,
    },
  });
  const stopWorkers = await platform.startJobWorkers();
  for (;;) {
    const job = await platform.jobs.get(file.id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) {
      if (job.state !== 'completed') throw new Error(`the extraction ended ${job.state}: ${JSON.stringify(job)}`);
      break;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, residentOf('VmHWM'));
  const { record } = await records.load(file.id);
  await stopWorkers();
  let lines = 0;
  for await (const chunk of platform.files.open(storedNameOf(file.id, file.name)))
    for (const byte of chunk as Buffer) if (byte === 10) lines++;
  await platform.close();
  // The header line, then one line per row after a line break.
  const rows = lines;
  console.info(JSON.stringify({ seconds, size: record?.size, rows, baseline, peak }));
}

function child(mode: string, env: Record<string, string>, count: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, [import.meta.filename, mode, String(count)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    process_.stdout.on('data', (chunk) => {
      output += chunk;
    });
    process_.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${mode} exited with ${code}`))));
  });
}

async function cleanUp(profile: string, env: Record<string, string>) {
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
  if (profile !== 'distributed') return;
  await dropDatabase(env.DATABASE_URL!).catch(() => undefined);
  const listed = await fetch(`${elasticsearchUrl}/_cat/indices/${env.ELASTICSEARCH_INDEX_PREFIX}*?h=index`);
  const names = (await listed.text()).split('\n').filter(Boolean);
  if (names.length > 0) await fetch(`${elasticsearchUrl}/${names.join(',')}`, { method: 'DELETE' });
}

const megabytes = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

async function orchestrate() {
  const table: string[] = [
    '| profile | measurements | rows written | file | seconds | rows/s | worker RSS before / peak |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const profile of profiles)
    for (const count of sizes) {
      const env = runEnvironment(profile, randomBytes(4).toString('hex'));
      try {
        console.warn(`${profile}, ${count.toLocaleString('en')} measurements: loading…`);
        await child('load', env, count);
        console.warn(`${profile}, ${count.toLocaleString('en')} measurements: extracting…`);
        const result = JSON.parse((await child('extract', env, count)).trim().split('\n').at(-1)!) as {
          seconds: number;
          size: number;
          rows: number;
          baseline: number;
          peak: number;
        };
        const line = `| ${profile} | ${count.toLocaleString('en')} | ${result.rows.toLocaleString('en')} | ${megabytes(result.size)} | ${result.seconds.toFixed(1)} | ${Math.round(result.rows / result.seconds).toLocaleString('en')} | ${megabytes(result.baseline)} / ${megabytes(result.peak)} |`;
        console.warn(line);
        table.push(line);
      } finally {
        await cleanUp(profile, env);
      }
    }
  console.info(table.join('\n'));
}

const [mode, count] = process.argv.slice(2);
if (mode === 'load') await load(Number(count));
else if (mode === 'extract') await extract();
else await orchestrate();
