import { type Usage, usageMeter } from '../process-usage.ts';

/** What a step did: how many items (rows, requests, reports…) and anything worth a note. */
export interface StepOutcome {
  items: number;
  unit: string;
  notes: string[];
}

interface StepRow extends StepOutcome {
  step: string;
  usage: Usage;
  /** The servers' CPU seconds (distributed profile), when there are servers to read. */
  serversCpu?: number;
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(0);
const figure = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * Runs the steps one after another, each timed with the platform's CPU and memory (and the servers' CPU, when it runs
 * on servers); a failed step is a row too.
 */
export function stepTable(platformPids: () => number[], serverPids: () => number[]) {
  const rows: StepRow[] = [];
  const withServers = serverPids().length > 0;
  return {
    async measure(step: string, work: () => Promise<StepOutcome>) {
      console.info(`[panel bench] ${step}…`);
      const meter = usageMeter(platformPids());
      const servers = withServers ? usageMeter(serverPids(), 60_000) : undefined;
      let outcome: StepOutcome;
      try {
        outcome = await work();
      } catch (error) {
        outcome = { items: 0, unit: '', notes: [`FAILED: ${(error as Error).message.slice(0, 500)}`] };
      }
      const serversCpu = servers?.stop().cpuSeconds;
      const row = { step, usage: meter.stop(), ...outcome, ...(serversCpu !== undefined ? { serversCpu } : {}) };
      rows.push(row);
      console.info(`[panel bench] ${step}: ${format(row).join(' | ')}`);
      return outcome;
    },
    print() {
      const header = ['step', 'wall s', 'items', 'rate', 'platform CPU s (cores)', 'RSS end / peak MB', 'bench CPU s'];
      if (withServers) header.push('servers CPU s');
      console.info(`\n| ${[...header, 'notes'].join(' | ')} |\n|${'---|'.repeat(header.length + 1)}`);
      for (const row of rows) console.info(`| ${format(row).join(' | ')} |`);
    },
  };
}

function format({ step, usage, items, unit, notes, serversCpu }: StepRow): string[] {
  const { seconds, cpuSeconds, ownCpuSeconds, rssEnd, rssPeak } = usage;
  return [
    step,
    figure(seconds, 1),
    items ? `${figure(items)} ${unit}` : '',
    items ? `${figure(items / seconds, items / seconds < 10 ? 1 : 0)} ${unit}/s` : '',
    `${figure(cpuSeconds, 1)} (${figure(cpuSeconds / seconds, 2)})`,
    `${megabytes(rssEnd)} / ${megabytes(rssPeak)}`,
    figure(ownCpuSeconds, 1),
    ...(serversCpu !== undefined ? [figure(serversCpu, 1)] : []),
    notes.join('; '),
  ];
}
