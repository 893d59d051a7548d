import { describe, expect, it } from 'vitest';
import { detectProvider, providerDetector } from './provider-detector.ts';

const provider = (id: string, imsis: string[], ipRanges: string[]) => ({ id, fields: { imsis, ipRanges } });
const national = provider('national', ['21407123456789'], ['80.58.0.0/16', '2a02:9000::/23']);
const regional = provider('regional', ['214071234567891'], ['80.58.12.0/24', '2a02:9000:10::/48']);
const mobile = provider('mobile', ['21401000000000'], ['100.64.0.0/10']);
const providers = [national, regional, mobile];

describe('provider detector', () => {
  it('finds the provider by IMSI: an exact IMSI, or the longest one the IMSI starts with', () => {
    expect(detectProvider(providers, { imsi: '214071234567891' })).toBe(regional);
    expect(detectProvider(providers, { imsi: '214071234567899' })).toBe(national);
    expect(detectProvider(providers, { imsi: '21407123456789' })).toBe(national);
    expect(detectProvider(providers, { imsi: '214010000000007' })).toBe(mobile);
    expect(detectProvider(providers, { imsi: '310260000000000' })).toBeUndefined();
  });

  it('finds the provider by IP, the most specific range winning', () => {
    expect(detectProvider(providers, { ip: '80.58.1.1' })).toBe(national);
    expect(detectProvider(providers, { ip: '80.58.12.200' })).toBe(regional);
    expect(detectProvider(providers, { ip: '2a02:9000:10::5' })).toBe(regional);
    expect(detectProvider(providers, { ip: '2a02:9001::5' })).toBe(national);
    expect(detectProvider(providers, { ip: '::ffff:100.64.3.4' })).toBe(mobile);
    expect(detectProvider(providers, { ip: '8.8.8.8' })).toBeUndefined();
    expect(detectProvider(providers, { ip: 'not an ip' })).toBeUndefined();
  });

  it('prefers the IMSI and falls back to the IP', () => {
    expect(detectProvider(providers, { imsi: '214010000000007', ip: '80.58.12.1' })).toBe(mobile);
    expect(detectProvider(providers, { imsi: '310260000000000', ip: '80.58.12.1' })).toBe(regional);
    expect(detectProvider(providers, {})).toBeUndefined();
  });

  it('finds the provider by a name it goes by: its name, label or SPN, in any letter case', () => {
    const movistar = { id: 'movistar', fields: { imsis: [], ipRanges: [], name: 'Telefónica', label: 'Movistar' } };
    const vodafone = { id: 'vodafone', fields: { imsis: [], ipRanges: [], name: 'Vodafone', spn: 'vodafone ES' } };
    const detect = providerDetector([movistar, vodafone, national]);
    expect(detect({ name: 'Telefónica' })).toBe(movistar);
    expect(detect({ name: 'TELEFÓNICA' })).toBe(movistar);
    expect(detect({ name: ' movistar ' })).toBe(movistar);
    expect(detect({ name: 'VODAFONE es' })).toBe(vodafone);
    expect(detect({ name: 'vodafone' })).toBe(vodafone);
    expect(detect({ name: 'Orange' })).toBeUndefined();
    // The IMSI and the IP come first; the name is the last fallback.
    expect(detect({ name: 'Vodafone', imsi: '21407123456789' })).toBe(national);
    expect(detect({ name: 'Vodafone', ip: '8.8.8.8' })).toBe(vodafone);
  });

  it("prefers a provider's name to another's label or SPN", () => {
    const brand = { id: 'brand', fields: { imsis: [], ipRanges: [], name: 'Group', label: 'Digi' } };
    const digi = { id: 'digi', fields: { imsis: [], ipRanges: [], name: 'Digi' } };
    expect(providerDetector([brand, digi])({ name: 'digi' })).toBe(digi);
  });

  it('skips ranges that do not parse and answers the first listed provider on a tie', () => {
    const broken = provider('broken', [], ['nonsense', '80.58.12.0/24']);
    const detect = providerDetector([broken, regional]);
    expect(detect({ ip: '80.58.12.1' })).toBe(broken);
  });
});
