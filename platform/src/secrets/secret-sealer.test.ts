import { describe, expect, it } from 'vitest';
import { secretSealer } from './secret-sealer.ts';

describe('secret sealer', () => {
  const sealer = secretSealer('k'.repeat(40));

  it('seals with a fresh IV each time and opens back; another key cannot open it', () => {
    const first = sealer.seal('wifi-pass');
    const second = sealer.seal('wifi-pass');
    expect(first.sealed).toMatch(/^v1:[\w-]+$/);
    expect(first.sealed).not.toBe(second.sealed);
    expect(first.sealed).not.toContain('wifi-pass');
    expect(sealer.open(first)).toBe('wifi-pass');
    expect(() => secretSealer('x'.repeat(40)).open(first)).toThrow();
  });

  it('masks or reveals every secret of a document, at any depth', () => {
    const document = { name: 'probe1', device: { wifi: [{ ssid: 'home', password: sealer.seal('p1') }] } };
    expect(sealer.mask(document)).toEqual({
      name: 'probe1',
      device: { wifi: [{ ssid: 'home', password: { sealed: true } }] },
    });
    expect(sealer.reveal(document)).toEqual({ name: 'probe1', device: { wifi: [{ ssid: 'home', password: 'p1' }] } });
  });
});
