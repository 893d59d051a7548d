import { describe, expect, it } from 'vitest';
import { sentinelsOf } from './redis-url.ts';

describe('a Redis URL', () => {
  it('names the sentinels, the primary and its credentials in the Sentinel form', () => {
    expect(sentinelsOf('redis-sentinel://:p%40ss@s0:26379,s1.example:26380/nq-primary')).toEqual({
      sentinels: [
        { host: 's0', port: 26379 },
        { host: 's1.example', port: 26380 },
      ],
      name: 'nq-primary',
      password: 'p@ss',
    });
    expect(sentinelsOf('redis-sentinel://app:secret@s0:26379/nq')).toMatchObject({
      username: 'app',
      password: 'secret',
    });
  });

  it('is not the Sentinel form for one server, and refuses a sentinel without a port', () => {
    expect(sentinelsOf('redis://127.0.0.1:6379')).toBeUndefined();
    expect(() => sentinelsOf('redis-sentinel://s0/nq')).toThrow(/host:port/);
  });
});
