// A Vitest reporter for the test command's closing summary. It writes, into the folder `NQ_TEST_REPORT_DIR` names
// (default `test-results/<project>`):
// - `files.json`: how long each test file took, whole: preparing its worker and environment, importing it and
//   running its tests and hooks (the JSON reporter's per-file times leave out the imports and the `beforeAll` hooks,
//   where an integration file starts its servers), and the run's wall time;
// - `logs/<file>.log`: what each file printed, so that a failure on CI can be read with its file's logs.
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface FileTime {
  file: string;
  project: string;
  seconds: number;
  /** Of `seconds`: preparing the worker and environment and importing the file, before any test ran. */
  loadSeconds: number;
  tests: number;
  state: string;
}
export interface FileTimes {
  wallSeconds: number;
  files: FileTime[];
}
interface ConsoleLog {
  content: string;
  type: 'stdout' | 'stderr';
  taskId?: string;
}

const seconds = (milliseconds: number) => Math.round(milliseconds) / 1_000;

export default class FileTimesReporter implements Reporter {
  private vitest: Vitest | undefined;
  private started = performance.now();
  private readonly times: FileTime[] = [];
  private readonly folder = process.env.NQ_TEST_REPORT_DIR ?? 'test-results/vitest';

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    rmSync(join(this.folder, 'logs'), { recursive: true, force: true });
  }

  onTestRunStart() {
    this.started = performance.now();
  }

  /** Where a file's output goes: its path under `logs/`, as `services/src/x.int.test.ts.log`. */
  logFileOf(moduleId: string) {
    return join(this.folder, 'logs', `${relative(process.cwd(), moduleId)}.log`);
  }

  onUserConsoleLog(log: ConsoleLog) {
    const entity = log.taskId ? this.vitest?.state.getReportedEntityById(log.taskId) : undefined;
    const module = entity?.type === 'module' ? entity : entity?.module;
    const file = module ? this.logFileOf(module.moduleId) : join(this.folder, 'logs', 'outside-any-file.log');
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, log.type === 'stderr' ? log.content.replace(/^(?=.)/gm, '[stderr] ') : log.content);
  }

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const load = d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration;
    this.times.push({
      file: relative(process.cwd(), module.moduleId),
      project: module.project.name,
      seconds: seconds(load + d.duration),
      loadSeconds: seconds(load),
      tests: [...module.children.allTests()].length,
      state: module.state(),
    });
  }

  onTestRunEnd() {
    const report: FileTimes = {
      wallSeconds: seconds(performance.now() - this.started),
      files: this.times.sort((a, b) => b.seconds - a.seconds),
    };
    mkdirSync(this.folder, { recursive: true });
    writeFileSync(join(this.folder, 'files.json'), `${JSON.stringify(report, null, 1)}\n`);
  }
}
