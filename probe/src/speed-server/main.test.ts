import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { speedServerOptionsFrom } from './speed-server-options.ts';

describe('nq speed-server', () => {
  it('says where it listens, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [resolve(import.meta.dirname, 'main.ts'), '--host', '127.0.0.1', '--http-port', '0', '--udp-port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    while (!/http on 127\.0\.0\.1:(\d+)/.test(output)) await once(child.stdout, 'data');
    const port = Number(/http on 127\.0\.0\.1:(\d+)/.exec(output)![1]);
    expect(output).toMatch(/udp reflector on 127\.0\.0\.1:\d+/);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(output).toMatch(/stopped \(SIGTERM\)/);
  });

  it('takes its options from arguments over the environment, with unprivileged defaults', () => {
    const unpaced = { limits: { maxMbpsPerStream: 0 } };
    expect(speedServerOptionsFrom([], {})).toEqual({ host: '0.0.0.0', httpPort: 8080, udpPort: 8862, ...unpaced });
    const env = { SPEED_SERVER_HOST: '::', SPEED_SERVER_HTTP_PORT: '9000', SPEED_SERVER_UDP_PORT: '9001' };
    expect(speedServerOptionsFrom([], env)).toEqual({ host: '::', httpPort: 9000, udpPort: 9001, ...unpaced });
    expect(speedServerOptionsFrom(['--max-mbps-per-stream', '100'], env).limits).toEqual({ maxMbpsPerStream: 100 });
    expect(() => speedServerOptionsFrom(['--max-mbps-per-stream', 'fast'], {})).toThrow(/--max-mbps-per-stream/);
    expect(speedServerOptionsFrom(['--http-port', '7000'], env)).toMatchObject({ httpPort: 7000, udpPort: 9001 });
    expect(() => speedServerOptionsFrom(['--udp-port', '70000'], {})).toThrow(/--udp-port/);
    expect(() => speedServerOptionsFrom(['--colour', 'red'], {})).toThrow();
  });
});
