import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = resolve(import.meta.dirname, '../../cli.ts');
const runCli = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', PASSWORD_HASH_COST: '12', ...env },
    encoding: 'utf8',
    // A process opening its embedded database on a busy 2-core machine takes several times what it takes alone.
    timeout: 120_000,
  });

const ping = (timestamp: number, rtts: number[]) =>
  JSON.stringify({
    fw: 5080,
    type: 'ping',
    msm_id: 1001,
    prb_id: 6001,
    timestamp,
    dst_addr: '192.0.2.10',
    sent: 3,
    rcvd: rtts.length,
    avg: rtts.reduce((sum, rtt) => sum + rtt, 0) / rtts.length,
    result: rtts.map((rtt) => ({ rtt })),
  });

describe('nq import', { timeout: 150_000 }, () => {
  it('refuses a format it does not know with its usage, before opening anything', () => {
    const refused = runCli({}, 'import', 'telnet', 'results.json');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^format: The selected option is not valid\.\nnq import <ripe-atlas\|ndt7\|/);
  });

  it('imports a RIPE Atlas file on the embedded profile, stores what it imported and says what it refused', () => {
    const folder = mkdtempSync(join(tmpdir(), 'nq-import-'));
    const file = join(folder, 'ripe-atlas.ndjson');
    writeFileSync(file, [ping(1_793_611_800, [10, 12, 14]), ping(1_793_612_040, [20, 22]), '{oops'].join('\n'));
    const run = runCli(
      { DATA_DIR: join(folder, 'data'), LOG_LEVEL: 'silent' },
      'import',
      'ripe-atlas',
      file,
      '--wait',
      '90',
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain(
      'ripe-atlas: 3 results read: 2 measurements imported, 0 already stored, 0 repeated in the file, 1 results refused',
    );
    expect(run.stdout).toContain('probes created: ripeatlas6001');
    expect(run.stdout).toContain('refused, line 3 (result 2): This is not JSON: it could not be read.');
    expect(run.stdout).toContain('2 of 2 measurements stored');
  });
});
