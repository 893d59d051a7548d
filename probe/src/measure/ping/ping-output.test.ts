import { describe, expect, it } from 'vitest';
import { minimalIntervalMs, parsePingOutput } from './ping-output.ts';

describe('ping’s output', () => {
  it('gives each reply’s RTT once, duplicates left out, and the summary’s count', () => {
    const output = parsePingOutput(
      [
        'PING example.com (192.0.2.7) 56(84) bytes of data.',
        '64 bytes from 192.0.2.7: icmp_seq=1 ttl=55 time=12.5 ms',
        '64 bytes from 192.0.2.7: icmp_seq=1 ttl=55 time=13.1 ms (DUP!)',
        '64 bytes from 192.0.2.7: icmp_seq=3 ttl=55 time=11 ms',
        '',
        '--- example.com ping statistics ---',
        '3 packets transmitted, 2 received, +1 duplicates, 33.3333% packet loss, time 2003ms',
      ].join('\n'),
    );
    expect(output).toEqual({ address: '192.0.2.7', rtts: [12.5, 11], transmitted: 3, received: 2 });
  });

  it('keeps the first error a router reported', () => {
    const output = parsePingOutput(
      [
        'PING 10.255.255.1 (10.255.255.1) 56(84) bytes of data.',
        'From 10.0.0.1 icmp_seq=1 Destination Host Unreachable',
        '2 packets transmitted, 0 received, +2 errors, 100% packet loss, time 204ms',
      ].join('\n'),
    );
    expect(output.firstError).toBe('From 10.0.0.1 icmp_seq=1 Destination Host Unreachable');
    expect(output.received).toBe(0);
  });

  it('reads the shortest interval ping allows an unprivileged user', () => {
    expect(minimalIntervalMs('ping: cannot flood; minimal interval allowed for user is 200ms')).toBe(200);
    expect(minimalIntervalMs('ping: unknown host')).toBeUndefined();
  });
});
