// Prints one closing summary over every runner's JSON report: `tests: N passed, N failed, N skipped`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [resultsDir = 'test-results', seconds = '0', ...failedSteps] = process.argv.slice(2);
interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const tallies: Record<string, Tally> = {};

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
  }
}
const e2e = read('e2e.json');
if (e2e)
  tallies.e2e = {
    passed: e2e.stats.expected,
    failed: e2e.stats.unexpected + e2e.stats.flaky,
    skipped: e2e.stats.skipped,
  };

const total = Object.values(tallies).reduce(
  (sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
for (const [layer, t] of Object.entries(tallies))
  console.info(`  ${layer.padEnd(12)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
for (const layer of ['unit', 'integration', 'e2e']) if (!tallies[layer]) failedSteps.push(`${layer}: no report`);
if (failedSteps.length > 0) console.info(`  failed steps: ${failedSteps.join('; ')}`);
console.info(`  wall time ${seconds}s`);
const failed = total.failed + (failedSteps.length > 0 && total.failed === 0 ? 1 : 0);
console.info(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0);
