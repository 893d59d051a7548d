import { describe, expect, it } from 'vitest';
import { narrowingSentence } from './narrowing-text.ts';

describe('what narrowed an answer, in words (documents and e-mails)', () => {
  const narrowedBy = {
    restrictions: [
      { kind: 'isp' as const, values: [{ id: 'p-1', name: 'Movistar' }] },
      {
        kind: 'technology' as const,
        values: [
          { id: 4, name: '4G' },
          { id: 5, name: '5G' },
        ],
      },
    ],
  };

  it('names each restriction, in English and in Spanish', () => {
    expect(narrowingSentence(narrowedBy, 'en')).toBe('Computed over your profile: Movistar · 4G, 5G');
    expect(narrowingSentence(narrowedBy, 'es')).toBe('Calculado sobre tu perfil: Movistar · 4G, 5G');
  });

  it("says the profile's dates as days of its time zone", () => {
    const dated = { ...narrowedBy, dates: { from: '2025-12-31T23:00:00.000Z', timeZone: 'Europe/Madrid' } };
    expect(narrowingSentence(dated, 'en')).toBe('Computed over your profile: Movistar · 4G, 5G · from Jan 1, 2026');
    expect(
      narrowingSentence({ restrictions: [], dates: { ...dated.dates, to: '2026-12-31T22:59:59.000Z' } }, 'es'),
    ).toBe('Calculado sobre tu perfil: del 1 ene 2026 al 31 dic 2026');
  });
});
