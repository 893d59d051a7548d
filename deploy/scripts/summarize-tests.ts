// Prints one closing summary over every runner's report (CI keeps only the end of the output, so all that is needed to
// act on a run must be there): each layer's wall time, the slowest test files of every layer, each failed test by
// file and name with the first lines of its error and where its logs and screenshots are, then
// `tests: N passed, N failed, N skipped`. The times also go to `<results>/timings.txt`.
//
// Reads from the results folder: `steps.tsv` (each step of the test command: name, seconds, ok|failed), the Vitest
// JSON reports `unit.json`, `integration.json` and `faults.json`, the file reporter's `<layer>/files.json` and `<layer>/logs/`, and
// Playwright's `e2e.json`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FileTimes } from './file-times-reporter.ts';

const [resultsDir = 'test-results', seconds = '0', ...failedSteps] = process.argv.slice(2);
const slowestShown = 20;
const errorLinesShown = 6;
interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const tallies: Record<string, Tally> = {};
const failures: string[] = [];

const firstLines = (message: unknown) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, errorLinesShown)
    .map((line) => line.slice(0, 240));
/** A path as a reader finds it from the checkout: relative inside it, whole outside it. */
const fileName = (path: string) => {
  if (!path.startsWith('/')) return path;
  const inside = relative(process.cwd(), path);
  return inside.startsWith('..') ? path : inside;
};
const read = (file: string) =>
  existsSync(join(resultsDir, file)) ? JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) : undefined;

/** A failure as printed: its headline, then its error's first lines and where to look, indented beneath. */
const addFailure = (headline: string, error: unknown, seeAlso: string[]) => {
  const [first = '', ...rest] = firstLines(error);
  failures.push(
    [`✗ ${headline} — ${first}`, ...rest.map((line) => `    ${line}`), ...seeAlso.map((s) => `    → ${s}`)].join('\n'),
  );
};

interface VitestAssertion {
  fullName: string;
  status: string;
  failureMessages?: string[];
}
interface VitestFile {
  name: string;
  status: string;
  message?: string;
  assertionResults: VitestAssertion[];
}
const serversLogs = '.cache/infra/run/ (PostgreSQL, Redis, Kafka and Elasticsearch started by deploy/infra/infra.sh)';
const listVitestFailures = (layer: string, files: VitestFile[]) => {
  for (const file of files) {
    const name = fileName(file.name);
    const log = join(resultsDir, layer, 'logs', `${name}.log`);
    const seeAlso = [
      ...(existsSync(log) ? [`what the file printed: ${fileName(log)}`] : []),
      ...(layer === 'unit' ? [] : [`servers' logs: ${serversLogs}`]),
    ];
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) addFailure(`${layer}: ${name} › ${a.fullName}`, a.failureMessages?.[0], seeAlso);
    if (failed.length === 0 && file.status === 'failed') addFailure(`${layer}: ${name}`, file.message, seeAlso);
  }
};

interface PlaywrightResult {
  duration?: number;
  error?: { message?: string };
  attachments?: { name: string; path?: string }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; line: number; tests: { status: string; results: PlaywrightResult[] }[] }[];
  suites?: PlaywrightSuite[];
}
const e2eFileSeconds = new Map<string, number>();
const visitPlaywright = (suites: PlaywrightSuite[], titles: string[] = []) => {
  for (const suite of suites) {
    const path = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const spent = test.results.reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1_000;
        e2eFileSeconds.set(spec.file, (e2eFileSeconds.get(spec.file) ?? 0) + spent);
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.map((r) => r.error?.message).find(Boolean);
        const artifacts = test.results
          .flatMap((r) => r.attachments ?? [])
          .filter((a) => a.path)
          .map((a) => `${a.name}: ${fileName(a.path!)}`);
        const name = [...path, spec.title].join(' › ');
        addFailure(`e2e${test.status === 'flaky' ? ' (flaky)' : ''}: ${spec.file}:${spec.line} › ${name}`, error, [
          ...artifacts,
          'the platform it ran against logged to the end-to-end step output above (its stderr)',
        ]);
      }
    visitPlaywright(suite.suites ?? [], path);
  }
};

const vitestLayers = ['unit', 'integration', 'faults'];
for (const layer of vitestLayers) {
  const report = read(`${layer}.json`);
  if (report) {
    tallies[layer] = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
      skipped: report.numPendingTests + report.numTodoTests,
    };
    listVitestFailures(layer, report.testResults ?? []);
  }
}
const e2e = read('e2e.json');
if (e2e) {
  tallies.e2e = {
    passed: e2e.stats.expected,
    failed: e2e.stats.unexpected + e2e.stats.flaky,
    skipped: e2e.stats.skipped,
  };
  visitPlaywright(e2e.suites ?? []);
}

// Times: each step's wall time, and the slowest files of every layer (a browser spec file: its tests' time).
const steps = existsSync(join(resultsDir, 'steps.tsv'))
  ? readFileSync(join(resultsDir, 'steps.tsv'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '', spent = '0', status = '', busy] = line.split('\t');
        return { name, seconds: Number(spent), status, busy: busy === undefined ? undefined : Number(busy) };
      })
  : [];
const files = [
  ...vitestLayers.flatMap((layer) =>
    ((read(`${layer}/files.json`) as FileTimes | undefined)?.files ?? []).map((f) => ({
      layer: f.project === 'components' ? 'components' : layer,
      file: f.file,
      seconds: f.seconds,
    })),
  ),
  ...[...e2eFileSeconds].map(([file, spent]) => ({ layer: 'e2e', file: `tests/e2e/${file}`, seconds: spent })),
].sort((a, b) => b.seconds - a.seconds);
const timings = [
  `wall time ${seconds}s; by step (with how busy both cores were meanwhile, whatever ran beside it):`,
  ...steps.map(
    (s) =>
      `  ${`${s.seconds}s`.padStart(6)}${s.busy === undefined ? '' : `  ${`${s.busy} %`.padStart(5)}`}  ${s.name}${s.status === 'ok' ? '' : ` (${s.status})`}`,
  ),
  `the ${Math.min(slowestShown, files.length)} slowest test files of ${files.length}:`,
  ...files
    .slice(0, slowestShown)
    .map((f) => `  ${`${f.seconds.toFixed(1)}s`.padStart(7)}  ${f.layer.padEnd(11)} ${f.file}`),
];
writeFileSync(join(resultsDir, 'timings.txt'), `${timings.join('\n')}\n`);
for (const line of timings) console.info(`  ${line}`);
console.info(`  (also in ${fileName(join(resultsDir, 'timings.txt'))})`);

const total = Object.values(tallies).reduce(
  (sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (failures.length > 0) {
  console.info('  failed tests:');
  for (const failure of failures.slice(0, 30)) console.info(failure.replace(/^/gm, '    '));
  if (failures.length > 30) console.info(`    … and ${failures.length - 30} more`);
}
for (const [layer, t] of Object.entries(tallies))
  console.info(`  ${layer.padEnd(12)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
for (const layer of [...vitestLayers, 'e2e']) if (!tallies[layer]) failedSteps.push(`${layer}: no report`);
if (failedSteps.length > 0) console.info(`  failed steps: ${failedSteps.join('; ')}`);
console.info(`  wall time ${seconds}s`);
const failed = total.failed + (failedSteps.length > 0 && total.failed === 0 ? 1 : 0);
console.info(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0);
