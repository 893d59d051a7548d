import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const script = join(root, 'deploy/scripts/summarize-tests.ts');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const vitestReport = (failed: boolean) => ({
  numPassedTests: 1,
  numFailedTests: failed ? 1 : 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: join(root, 'services/src/example.test.ts'),
      status: failed ? 'failed' : 'passed',
      assertionResults: [
        { fullName: 'alerts fire once', status: 'passed' },
        ...(failed
          ? [
              {
                fullName: 'alerts resolve when the condition stops holding',
                status: 'failed',
                failureMessages: ['\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at example.test.ts:12'],
              },
            ]
          : []),
      ],
    },
  ],
});
const e2eReport = {
  stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
  suites: [
    {
      title: 'alerts.spec.ts',
      file: 'alerts.spec.ts',
      suites: [
        {
          title: 'alerts',
          file: 'alerts.spec.ts',
          specs: [
            {
              title: 'the map tab shows the alert',
              file: 'alerts.spec.ts',
              line: 40,
              tests: [{ status: 'unexpected', results: [{ error: { message: 'TimeoutError: locator.click' } }] }],
            },
          ],
        },
      ],
    },
  ],
};

function summarize(reports: Record<string, unknown>, failedSteps: string[] = []) {
  const folder = mkdtempSync(join(tmpdir(), 'nq-summary-'));
  folders.push(folder);
  for (const [name, report] of Object.entries(reports)) writeFileSync(join(folder, name), JSON.stringify(report));
  return spawnSync(process.execPath, [script, folder, '12', ...failedSteps], { cwd: root, encoding: 'utf8' });
}

describe('the closing summary of the test command', () => {
  it('names each failed test with its file and the first line of its error, since CI keeps only the end', () => {
    const run = summarize({
      'unit.json': vitestReport(true),
      'integration.json': vitestReport(false),
      'e2e.json': e2eReport,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      '✗ unit: services/src/example.test.ts › alerts resolve when the condition stops holding — AssertionError: expected 2 to be 1',
    );
    expect(run.stdout).toContain(
      '✗ e2e: alerts.spec.ts:40 › alerts › the map tab shows the alert — TimeoutError: locator.click',
    );
    expect(run.stdout).not.toContain('alerts fire once');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('tests: 3 passed, 2 failed, 0 skipped');
  });

  it('passes when every report passed, and lists no failures', () => {
    const run = summarize({
      'unit.json': vitestReport(false),
      'integration.json': vitestReport(false),
      'e2e.json': { ...e2eReport, stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('failed tests');
  });

  it('fails when a layer left no report', () => {
    const run = summarize({ 'unit.json': vitestReport(false) });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('failed steps: integration: no report; e2e: no report');
  });
});
