import { randomUUID } from 'node:crypto';
import { openResultJournal } from './result-journal.ts';

// A process that keeps results as fast as it can, printing each id once the journal has it: the crash test kills it.
const journal = await openResultJournal(process.argv[2]!, Number(process.argv[3] ?? 1_000_000));
for (;;) {
  const ids = [randomUUID(), randomUUID()];
  await journal.append(
    ids.map((measurementId) => ({
      schemaVersion: 1,
      measurementId,
      probeId: 'crash',
      program: 'p',
      testType: 'tcp-ping',
      technology: 98,
      measuredAt: new Date().toISOString(),
      taskMode: 'active',
      status: 'Finished',
      kpis: { latency: 1 },
    })),
  );
  process.stdout.write(`${ids.join('\n')}\n`);
}
