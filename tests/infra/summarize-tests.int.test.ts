import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      duration: 31_500,
                      error: { message: 'TimeoutError: locator.click\nwaiting for getByRole(tab)' },
                      attachments: [{ name: 'screenshot', path: join(root, 'test-results/e2e-artifacts/a/shot.png') }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

function summarize(reports: Record<string, unknown>, failedSteps: string[] = [], files: Record<string, string> = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'nq-summary-'));
  folders.push(folder);
  for (const [name, report] of Object.entries(reports)) writeFileSync(join(folder, name), JSON.stringify(report));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  const run = spawnSync(process.execPath, [script, folder, '12', ...failedSteps], { cwd: root, encoding: 'utf8' });
  return { ...run, folder };
}

describe('the closing summary of the test command', () => {
  it('names each failed test with its file and the first line of its error, since CI keeps only the end', () => {
    const run = summarize({
      'unit.json': vitestReport(true),
      'integration.json': vitestReport(false),
      'faults.json': vitestReport(false),
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
    expect(run.stdout.trim().split('\n').at(-1)).toBe('tests: 4 passed, 2 failed, 0 skipped');
  });

  it('passes when every report passed, and lists no failures', () => {
    const run = summarize({
      'unit.json': vitestReport(false),
      'integration.json': vitestReport(false),
      'faults.json': vitestReport(false),
      'e2e.json': { ...e2eReport, stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('failed tests');
  });

  it("says where a failed test's logs and screenshots are, with the first lines of its error", () => {
    const run = summarize(
      {
        'unit.json': vitestReport(true),
        'integration.json': vitestReport(false),
        'faults.json': vitestReport(false),
        'e2e.json': e2eReport,
      },
      [],
      { 'unit/logs/services/src/example.test.ts.log': 'what it printed\n' },
    );
    expect(run.stdout).toContain('→ what the file printed: ');
    expect(run.stdout).toContain(`${run.folder}/unit/logs/services/src/example.test.ts.log`);
    expect(run.stdout).toContain('    at example.test.ts:12');
    expect(run.stdout).toContain('waiting for getByRole(tab)');
    expect(run.stdout).toContain('→ screenshot: test-results/e2e-artifacts/a/shot.png');
  });

  it("names each step's wall time and the slowest files of every layer, also in timings.txt", () => {
    const fileTimes = (project: string, entries: [string, number][]) =>
      JSON.stringify({
        wallSeconds: 100,
        files: entries.map(([file, seconds]) => ({
          file,
          project,
          seconds,
          loadSeconds: 1,
          tests: 1,
          state: 'passed',
        })),
      });
    const run = summarize(
      {
        'unit.json': vitestReport(false),
        'integration.json': vitestReport(false),
        'faults.json': vitestReport(false),
        'e2e.json': e2eReport,
      },
      [],
      {
        'steps.tsv': 'unit tests (vitest)\t300\tok\t97\nend-to-end tests (playwright, chromium)\t500\tfailed\n',
        'unit/files.json': fileTimes('unit', [
          ['services/src/slow.test.ts', 45.2],
          ['services/src/quick.test.ts', 0.3],
        ]),
        'integration/files.json': fileTimes('integration', [['tests/faults/faults.int.test.ts', 161.4]]),
      },
    );
    const lines = run.stdout.split('\n').map((line) => line.trim());
    // How busy both cores were meanwhile, when the step measured it.
    expect(lines).toContain('300s   97 %  unit tests (vitest)');
    expect(lines).toContain('500s  end-to-end tests (playwright, chromium) (failed)');
    const slowest = lines.slice(lines.findIndex((line) => line.startsWith('the 4 slowest test files of 4')) + 1);
    expect(slowest.slice(0, 4)).toEqual([
      '161.4s  integration tests/faults/faults.int.test.ts',
      '45.2s  unit        services/src/slow.test.ts',
      '31.5s  e2e         tests/e2e/alerts.spec.ts',
      '0.3s  unit        services/src/quick.test.ts',
    ]);
    expect(readFileSync(join(run.folder, 'timings.txt'), 'utf8')).toContain('161.4s  integration tests/faults');
  });

  it('fails when a layer left no report', () => {
    const run = summarize({ 'unit.json': vitestReport(false) });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('failed steps: integration: no report; faults: no report; e2e: no report');
  });
});
