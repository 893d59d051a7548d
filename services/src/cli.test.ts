import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const runCli = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [`${import.meta.dirname}/cli.ts`, ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    // A process starting on a busy 2-core machine (the integration layer beside this one) takes several times the
    // second or two it takes alone.
    timeout: 60_000,
  });

describe('the nq CLI', { timeout: 150_000 }, () => {
  it('refuses to start with an unknown profile, naming the variable and the allowed values', () => {
    const result = runCli({ PROFILE: 'foo' }, 'start');
    expect(result.status).toBe(78);
    expect(result.stderr).toContain("PROFILE (got 'foo'): must be one of embedded, distributed");
  });

  it('refuses to start with an invalid URL, naming the variable', () => {
    const result = runCli({ PROFILE: 'distributed', ELASTICSEARCH_URL: 'elastic:9200' }, 'api');
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/ELASTICSEARCH_URL \(got 'elastic:9200'\): must be a http or https URL/);
  });

  it('refuses demo data in production before opening anything', () => {
    const result = runCli({ NODE_ENV: 'production', DEMO_DATA: 'true' }, 'start');
    expect(result.status).toBe(78);
    expect(result.stderr).toContain("DEMO_DATA (got 'true'): demo data and its well-known logins are refused");
  });

  it('lists its commands, the processes with the workers each runs and the features’ commands, in one table', () => {
    const help = runCli({}, 'help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/start[\s\S]*api[\s\S]*admin create[\s\S]*openapi/);
    expect(help.stdout).toMatch(/^ {2}ingest +the ingest workers alone: .*ingest-worker/m);
    expect(help.stdout).toMatch(/^ {2}alerting +the alerting workers alone: alerting-worker$/m);
    expect(help.stdout).toMatch(/^ {2}cube rebuild <cube> --from .*\n {20}rebuilds a cube's rows/m);
    // An unknown command is answered with the same usage (each process loads every manifest for it: one more, not
    // one per way of asking; `--help` takes the path a command's `--help` takes, below).
    const refused = runCli({}, 'frobnicate');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`unknown command 'frobnicate'\n\n${help.stdout}`);
  });

  it('says what one command does, and refuses an option it does not know with that, not a stack trace', () => {
    for (const args of [
      ['rebuild', '--help'],
      ['help', 'rebuild'],
    ]) {
      const help = runCli({}, ...args);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^Usage: nq rebuild <name>\n\n {2}rebuild one projection/);
    }
    const refused = runCli({}, 'openapi', '--bogus');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^Unknown option '--bogus'[\s\S]*Usage: nq openapi \[--check\]/);
    expect(refused.stderr).not.toMatch(/^\s+at /m);
  });

  it('runs the probe agent, which prints its own help and version, and says what it lacks to enrol', () => {
    const help = runCli({}, 'probe', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^nq probe — the probe agent[\s\S]*--state-dir <dir>/);
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../probe/package.json'), 'utf8'));
    expect(runCli({}, 'probe', '--version').stdout).toBe(`${version}\n`);
    const half = runCli({}, 'probe', '--gateway', 'http://127.0.0.1:1');
    expect(half.status).toBe(2);
    expect(half.stderr).toMatch(/^to enrol, give --gateway, --probe-id, --client-id and --client-secret together/);
    const unenrolled = runCli({}, 'probe', '--state-dir', mkdtempSync(join(tmpdir(), 'nq-probe-state-')));
    expect(unenrolled.status).toBe(1);
    expect(unenrolled.stderr).toMatch(/^nq probe: not enrolled: no probe id and credentials given/);
    expect(unenrolled.stderr).not.toMatch(/^\s+at /m);
  });

  it('prints its version', () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8'));
    const printed = runCli({}, '--version');
    expect(printed.status).toBe(0);
    expect(printed.stdout).toBe(`${version}\n`);
    expect(printed.stderr).toBe('');
  });

  it('migrates a database and lists the steps it holds, the second time too', () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-migrate-')), LOG_LEVEL: 'silent' };
    for (const run of [runCli(env, 'migrate'), runCli(env, 'migrate')]) {
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^event-store 1-tables {2}\(applied \d{4}-/m);
      expect(run.stdout).toMatch(/^launches 2-deadline-and-result /m);
      expect(run.stdout).toMatch(/^job-queue 1-tables /m);
    }
  });

  it.each([
    ['jobs', /job workers running on embedded: .*\(embedded profile\)/],
    ['ingest', /ingest workers running on embedded.*\(embedded profile\)/],
  ])(
    'runs the %s workers as a process of their own, logging JSON lines, which stops cleanly when told to',
    async (command, running) => {
      const env = {
        PATH: process.env.PATH,
        DATA_DIR: mkdtempSync(join(tmpdir(), `nq-${command}-`)),
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        HEALTH_PORT: '0',
      };
      const workers = spawn(process.execPath, [`${import.meta.dirname}/cli.ts`, command], { env });
      let output = '';
      workers.stdout.on('data', (chunk) => {
        output += String(chunk);
      });
      let errors = '';
      workers.stderr.on('data', (chunk) => {
        errors += String(chunk);
      });
      const exited = new Promise<string>((resolve) =>
        workers.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`)),
      );
      const started = Date.now();
      while (!output.includes('Ctrl-C stops it') && workers.exitCode === null && Date.now() - started < 120_000)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // Told to stop once started (its signal handlers in place); one that never started fails saying so, with its output.
      const startedInTime = output.includes('Ctrl-C stops it');
      workers.kill('SIGTERM');
      const code = await exited;
      expect(startedInTime, `the ${command} workers did not start within 120 s:\n${output}`).toBe(true);
      expect(code, `${output}\n${errors}`).toBe('exit code 0');
      expect(output).toMatch(running);
      expect(output).toContain('stopped cleanly');
      // What a log collector reads: every line one JSON entry, naming the process, its level and time.
      const entries = output
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { process?: string; level?: number; time?: number; msg?: string });
      expect(entries.length).toBeGreaterThanOrEqual(3);
      for (const entry of entries)
        expect(entry).toMatchObject({ process: command, level: expect.any(Number), time: expect.any(Number) });
      expect(entries.map((entry) => entry.msg)).toContainEqual(expect.stringMatching(running));
    },
  );
});
