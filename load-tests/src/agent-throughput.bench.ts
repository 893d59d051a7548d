/**
 * Target: the probe agent's HTTP throughput runners measure what the link gives, not what Node can push: against the
 * speed server on loopback (where the CPU is the bottleneck, so this is the harshest case), the agent's download and
 * upload are compared with curl moving the same bytes over the same number of connections. Prints both in Mbps
 * (10^6 bit/s) and their ratio.
 *   npm run bench:agent-throughput      BENCH_THREADS (4), BENCH_DURATION_MS (5000), BENCH_RAMP_UP (0.2),
 *                                       BENCH_RATE_MBPS (0: none; else the server paces each connection at it)
 * Paced, the link (not the CPU) sets the rate, as on a real network: both should read threads × the rate.
 * The agent leaves its ramp-up out of its figure; curl's includes its connection's start (short on loopback).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { TaskOf } from '@nq/contracts';
import { httpTransferRunner } from '@nq/probe/measure/transfer/http-transfer';
import { incompressibleChunk } from '@nq/probe/speed-server/incompressible-bytes';

const threads = Number(process.env.BENCH_THREADS ?? 4);
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const rampUp = Number(process.env.BENCH_RAMP_UP ?? 0.2);
const rateMbps = Number(process.env.BENCH_RATE_MBPS ?? 0);

// The speed server in a process of its own, as deployed: in the agent's process it would share its one thread.
const serverProcess = spawn(
  process.execPath,
  [
    resolve(import.meta.dirname, '../../probe/src/speed-server/main.ts'),
    '--host',
    '127.0.0.1',
    '--http-port',
    '0',
    '--udp-port',
    '0',
    '--max-mbps-per-stream',
    String(rateMbps),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let serverOutput = '';
serverProcess.stdout.setEncoding('utf8').on('data', (text: string) => {
  serverOutput += text;
});
while (!/http on 127\.0\.0\.1:\d+/.test(serverOutput)) await once(serverProcess.stdout, 'data');
const server = { httpPort: Number(/http on 127\.0\.0\.1:(\d+)/.exec(serverOutput)![1]) };
const base = `http://127.0.0.1:${server.httpPort}`;

const task = <Type extends 'http-download' | 'http-upload'>(type: Type) =>
  ({
    id: 'bench',
    name: 'bench',
    type,
    interval: 60_000,
    timeout: durationMs + 60_000,
    multitask: 'none',
    servers: [{ host: '127.0.0.1', port: server.httpPort }],
    duration: durationMs,
    threads: { initial: threads, max: threads },
    connectTimeout: 5_000,
    transferTimeout: 10_000,
    rampUp,
    percentiles: [],
  }) as unknown as TaskOf<Type>;

/** Runs curl to its end: what it printed with -w. */
function curl(args: string[], feed?: number): Promise<string> {
  return new Promise((done, failed) => {
    const child = spawn('curl', ['-s', '-S', ...args], {
      stdio: [feed === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    child.once('error', failed);
    child.once('close', (code) => (code === 0 ? done(output) : failed(new Error(`curl exited with ${code}`))));
    if (feed !== undefined && child.stdin) {
      const stdin = child.stdin;
      let left = feed;
      const writeMore = () => {
        while (left > 0) {
          const chunk = incompressibleChunk(Math.min(left, 1024 * 1024));
          left -= chunk.length;
          if (!stdin.write(chunk)) return void stdin.once('drain', writeMore);
        }
        stdin.end();
      };
      writeMore();
    }
  });
}

/**
 * `connections` curls side by side, each moving `bytesEach`: the sum of their speeds, and their bytes over the longest
 * one's time (lower when they did not all overlap), in Mbps.
 */
async function curls(connections: number, bytesEach: number, direction: 'download' | 'upload') {
  const outputs = await Promise.all(
    Array.from({ length: connections }, () =>
      direction === 'download'
        ? curl(['-o', '/dev/null', '-w', '%{speed_download} %{time_total}', `${base}/download?bytes=${bytesEach}`])
        : curl(
            ['-o', '/dev/null', '-w', '%{speed_upload} %{time_total}', '-X', 'POST', '-T', '-', `${base}/upload`],
            bytesEach,
          ),
    ),
  );
  const figures = outputs.map((output) => output.trim().split(' ').map(Number) as [number, number]);
  const longestSeconds = Math.max(...figures.map(([, seconds]) => seconds));
  return {
    summedMbps: figures.reduce((sum, [speed]) => sum + (speed * 8) / 1e6, 0),
    overLongestMbps: (connections * bytesEach * 8) / longestSeconds / 1e6,
  };
}

const mbps = (value: number) => `${value.toFixed(0)} Mbps`;

try {
  console.info(
    `[agent throughput] ${threads} connections, ${durationMs} ms, ramp-up ${rampUp}, loopback` +
      `${rateMbps > 0 ? `, the server pacing each at ${rateMbps} Mbps` : ''}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  for (const direction of ['download', 'upload'] as const) {
    const runner = httpTransferRunner(direction);
    const run = (ms: number) =>
      runner(
        { ...task(direction === 'download' ? 'http-download' : 'http-upload'), duration: ms },
        {
          signal: new AbortController().signal,
        },
      );
    // Both sides' code compiled and the server's buffers grown first: whichever ran first would otherwise pay for it.
    await run(1_000);
    await curls(threads, 50_000_000, direction);
    const [result] = await run(durationMs);
    if (result?.status !== 'Finished') throw new Error(`the agent's ${direction}: ${JSON.stringify(result)}`);
    const agentMbps = result.kpis[direction]!;
    const bytes = result.details!.bytes!;
    // At most what the server streams in one transfer (its cap): unpaced on loopback, the agent can move more.
    const curlFigures = await curls(threads, Math.min(Math.floor(bytes / threads), 4 * 1024 ** 3), direction);
    console.info(
      `[agent throughput] ${direction}: agent ${mbps(agentMbps)} (${(bytes / 1e6).toFixed(0)} MB, idle latency ` +
        `${result.kpis.latency!.toFixed(3)} ms); curl ×${threads}, the same bytes: ${mbps(curlFigures.summedMbps)} ` +
        `(their speeds summed), ${mbps(curlFigures.overLongestMbps)} (all bytes over the longest); agent / curl ` +
        `${(agentMbps / curlFigures.summedMbps).toFixed(2)} and ${(agentMbps / curlFigures.overLongestMbps).toFixed(2)}`,
    );
  }
} finally {
  serverProcess.kill('SIGTERM');
}
