// Prints one closing summary over every runner's JSON report: each failed test by file and name with the first line
// of its error (CI keeps only the end of the output, so the failures must be named there), then
// `tests: N passed, N failed, N skipped`.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const [resultsDir = 'test-results', seconds = '0', ...failedSteps] = process.argv.slice(2);
interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const tallies: Record<string, Tally> = {};
const failures: string[] = [];

const firstLine = (message: unknown) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 240) ?? '';
const fileName = (path: string) => (path.startsWith('/') ? relative(process.cwd(), path) : path);

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
const listVitestFailures = (layer: string, files: VitestFile[]) => {
  for (const file of files) {
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed)
      failures.push(`${layer}: ${fileName(file.name)} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`${layer}: ${fileName(file.name)} — ${firstLine(file.message)}`);
  }
};

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
const listPlaywrightFailures = (suites: PlaywrightSuite[], titles: string[] = []) => {
  for (const suite of suites) {
    const path = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results.map((r) => r.error?.message).find(Boolean);
          const name = [...path, spec.title].join(' › ');
          failures.push(
            `e2e${test.status === 'flaky' ? ' (flaky)' : ''}: ${spec.file}:${spec.line} › ${name} — ${firstLine(error)}`,
          );
        }
    listPlaywrightFailures(suite.suites ?? [], path);
  }
};

const read = (file: string) =>
  existsSync(join(resultsDir, file)) ? JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) : undefined;
for (const layer of ['unit', 'integration']) {
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
if (e2e)
  tallies.e2e = {
    passed: e2e.stats.expected,
    failed: e2e.stats.unexpected + e2e.stats.flaky,
    skipped: e2e.stats.skipped,
  };
if (e2e) listPlaywrightFailures(e2e.suites ?? []);

const total = Object.values(tallies).reduce(
  (sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (failures.length > 0) {
  console.info('  failed tests:');
  for (const failure of failures.slice(0, 30)) console.info(`    ✗ ${failure}`);
  if (failures.length > 30) console.info(`    … and ${failures.length - 30} more`);
}
for (const [layer, t] of Object.entries(tallies))
  console.info(`  ${layer.padEnd(12)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
for (const layer of ['unit', 'integration', 'e2e']) if (!tallies[layer]) failedSteps.push(`${layer}: no report`);
if (failedSteps.length > 0) console.info(`  failed steps: ${failedSteps.join('; ')}`);
console.info(`  wall time ${seconds}s`);
const failed = total.failed + (failedSteps.length > 0 && total.failed === 0 ? 1 : 0);
console.info(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0);
