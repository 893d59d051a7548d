import { readFileSync } from 'node:fs';
import { cpuMicrosOf } from './process-cpu.ts';

/** Resident memory of the processes now, in bytes (VmRSS of /proc/<pid>/status; those gone count 0). */
export function residentBytesOf(pids: readonly number[]): number {
  let kilobytes = 0;
  for (const pid of pids) {
    try {
      kilobytes += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return kilobytes * 1024;
}

export interface Usage {
  seconds: number;
  /** CPU seconds the processes used meanwhile (utime + stime of every thread). */
  cpuSeconds: number;
  /** This process's own CPU seconds: the load's client, which shares the machine. */
  ownCpuSeconds: number;
  rssEnd: number;
  /** The highest of the samples taken every `sampleMs`. */
  rssPeak: number;
}

/** Follows the processes' CPU and resident memory from now until `stop`, as process-cpu.ts reads them. */
export function usageMeter(pids: readonly number[], sampleMs = 250) {
  const started = performance.now();
  const cpuBefore = cpuMicrosOf([...pids]);
  const ownBefore = process.cpuUsage();
  let rssPeak = residentBytesOf(pids);
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, residentBytesOf(pids));
  }, sampleMs);
  return {
    stop(): Usage {
      clearInterval(sampler);
      const rssEnd = residentBytesOf(pids);
      const own = process.cpuUsage(ownBefore);
      return {
        seconds: (performance.now() - started) / 1_000,
        cpuSeconds: (cpuMicrosOf([...pids]) - cpuBefore) / 1_000_000,
        ownCpuSeconds: (own.user + own.system) / 1_000_000,
        rssEnd,
        rssPeak: Math.max(rssPeak, rssEnd),
      };
    },
  };
}
