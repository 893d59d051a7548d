import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// CPU time of the servers a benchmark drives, read from /proc/<pid>/stat (utime + stime, in clock ticks), and of this
// process (every thread: the ingest workers run as threads of it).

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** The processes whose command line matches (`pgrep -f`); none when nothing matches. */
export function pidsOf(pattern: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', pattern]).toString().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU microseconds the processes have used so far (those gone count 0). */
export function cpuMicrosOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command: state is field 3, utime field 14, stime field 15 (1-based, of the whole line).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return (ticks / ticksPerSecond) * 1_000_000;
}

export const components = {
  elasticsearch: 'org.elasticsearch.bootstrap.Elasticsearch',
  kafka: 'kafka.Kafka',
} as const;

/** A snapshot of CPU used by Elasticsearch, Kafka and this Node process; `since` gives µs per item of each. */
export function cpuMeter() {
  const pids = { elasticsearch: pidsOf(components.elasticsearch), kafka: pidsOf(components.kafka) };
  const read = () => {
    const node = process.cpuUsage();
    return {
      elasticsearch: cpuMicrosOf(pids.elasticsearch),
      kafka: cpuMicrosOf(pids.kafka),
      node: node.user + node.system,
    };
  };
  const start = read();
  return {
    pids,
    /** CPU µs per item of each component since the meter started. */
    perItem(items: number) {
      const now = read();
      const per = (key: keyof typeof now) => (now[key] - start[key]) / items;
      return { elasticsearch: per('elasticsearch'), kafka: per('kafka'), node: per('node') };
    },
  };
}

/** Pins every thread of the processes to the CPUs given (`taskset -a -cp`). */
export function pin(pids: number[], cpus: string) {
  for (const pid of pids) execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
}
