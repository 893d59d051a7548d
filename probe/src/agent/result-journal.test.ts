import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Measurement } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { openResultJournal } from './result-journal.ts';

const result = (measurementId: string): Measurement => ({
  schemaVersion: 1,
  measurementId,
  probeId: 'journal',
  program: 'ping',
  testType: 'icmp-ping',
  technology: 98,
  measuredAt: '2026-12-07T10:00:00.000Z',
  taskMode: 'active',
  status: 'Finished',
  kpis: { latency: 12.5 },
});
const ids = async (journal: Awaited<ReturnType<typeof openResultJournal>>) =>
  (await journal.oldest(1_000)).map((entry) => entry.measurement.measurementId);

describe("the probe's result journal", () => {
  it('keeps results in the order they were measured until they are removed, across restarts', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'nq-journal-'));
    const journal = await openResultJournal(directory, 100);
    await journal.append(['a', 'b', 'c'].map(result));
    const [first, second] = await journal.oldest(2);
    expect([first!.measurement, second!.measurement]).toEqual([result('a'), result('b')]);
    await journal.remove([first!.key]);
    const reopened = await openResultJournal(directory, 100);
    expect(await ids(reopened)).toEqual(['b', 'c']);
    await reopened.append([result('d')]);
    expect(await ids(reopened)).toEqual(['b', 'c', 'd']);
    expect(reopened.size).toBe(3);
  });

  it('drops the oldest results when full, and counts them across restarts', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'nq-journal-'));
    const journal = await openResultJournal(directory, 3);
    await journal.append(['a', 'b'].map(result));
    await journal.append(['c', 'd', 'e'].map(result));
    expect(await ids(journal)).toEqual(['c', 'd', 'e']);
    expect(journal.dropped).toBe(2);
    const reopened = await openResultJournal(directory, 3);
    expect(reopened.dropped).toBe(2);
    expect(reopened.size).toBe(3);
  });

  it('forgets a write that never finished, and counts a damaged result as dropped rather than stopping on it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'nq-journal-'));
    const journal = await openResultJournal(directory, 10);
    await journal.append(['a', 'b'].map(result));
    const [first] = await journal.oldest(1);
    writeFileSync(join(directory, first!.key), '{"measurementId": "a", "trunc');
    writeFileSync(join(directory, '.0000000000000003.json.tmp'), '{"half');
    const reopened = await openResultJournal(directory, 10);
    expect(readdirSync(directory).some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(await ids(reopened)).toEqual(['b']);
    expect(reopened.dropped).toBe(1);
  });

  it('has every result it acknowledged after its process is killed (SIGKILL) while writing', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'nq-journal-'));
    const writer = spawn(process.execPath, [join(import.meta.dirname, 'journal-writer.fixture.ts'), directory], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: string[] = [];
    let pending = '';
    await new Promise<void>((resolve) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop()!;
        acknowledged.push(...lines);
        if (acknowledged.length >= 200) resolve();
      });
    });
    writer.kill('SIGKILL');
    // Closed: every line it wrote before it died has been read.
    await new Promise((resolve) => writer.once('close', resolve));
    const journal = await openResultJournal(directory, 1_000_000);
    const kept = new Set((await journal.oldest(1_000_000)).map((entry) => entry.measurement.measurementId));
    expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
    // At most the pair being written when it was killed is there without having been acknowledged.
    expect(kept.size - acknowledged.length).toBeLessThanOrEqual(2);
    expect(journal.dropped).toBe(0);
  });
});
