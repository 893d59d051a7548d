import { describe, expect, it } from 'vitest';
import { parseTracerouteOutput } from './traceroute-output.ts';

describe('traceroute’s output', () => {
  it('reads each hop’s first address and RTTs, silent hops, and the hop that reached the target', () => {
    const output = parseTracerouteOutput(
      [
        'traceroute to example.com (192.0.2.7), 30 hops max, 60 byte packets',
        ' 1  10.0.0.1  0.512 ms  0.498 ms  0.471 ms',
        ' 2  * * *',
        ' 3  198.51.100.1  9.1 ms !H  198.51.100.2  9.4 ms *',
        ' 4  192.0.2.7  12.0 ms  11.8 ms  12.3 ms',
      ].join('\n'),
    );
    expect(output).toEqual({
      target: '192.0.2.7',
      hops: [
        { hop: 1, address: '10.0.0.1', rtts: [0.512, 0.498, 0.471] },
        { hop: 2, rtts: [] },
        { hop: 3, address: '198.51.100.1', rtts: [9.1, 9.4] },
        { hop: 4, address: '192.0.2.7', rtts: [12, 11.8, 12.3] },
      ],
      reachedAt: 4,
    });
  });

  it('tells a trace that never reached its target', () => {
    const output = parseTracerouteOutput(
      ['traceroute to 192.0.2.9 (192.0.2.9), 2 hops max, 60 byte packets', ' 1  10.0.0.1  1 ms', ' 2  * * *'].join(
        '\n',
      ),
    );
    expect(output.reachedAt).toBeUndefined();
    expect(output.hops).toHaveLength(2);
  });
});
