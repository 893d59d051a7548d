import { describe, expect, it } from 'vitest';
import { estimatedMos, mosOfRating } from './e-model.ts';
import { voipCodecProfiles } from './voip-codecs.ts';

describe('the E-model (ITU-T G.107, simplified)', () => {
  const g711 = voipCodecProfiles['G.711'];

  it('rates a G.711 call without delay or loss about 4.4, the narrowband best', () => {
    expect(estimatedMos({ oneWayDelayMs: 0, lossPercent: 0, codec: g711 })).toBeCloseTo(4.41, 2);
  });

  it('rates a call lower as its loss or its delay grows, and a compressing codec lower than G.711', () => {
    const mos = (oneWayDelayMs: number, lossPercent: number, codec = g711) =>
      estimatedMos({ oneWayDelayMs, lossPercent, codec });
    expect(mos(20, 1)).toBeLessThan(mos(20, 0));
    expect(mos(20, 5)).toBeLessThan(mos(20, 1));
    expect(mos(300, 0)).toBeLessThan(mos(100, 0));
    expect(mos(20, 0, voipCodecProfiles['G.729'])).toBeLessThan(mos(20, 0));
  });

  it('maps the rating factor to MOS within 1 and 4.5', () => {
    expect(mosOfRating(-10)).toBe(1);
    expect(mosOfRating(120)).toBe(4.5);
    expect(mosOfRating(50)).toBeCloseTo(2.575, 3);
  });
});
