import { describe, expect, it } from 'vitest';
import { withOptionTexts } from './option-columns.ts';

describe('list columns of choice fields', () => {
  const fields = [
    {
      name: 'country',
      label: 'country',
      kind: 'select' as const,
      options: [
        { value: 'Spain', label: 'España' },
        { value: 'France', label: 'Francia' },
      ],
    },
    { name: 'name', label: 'name', kind: 'text' as const },
  ];

  it('show the option’s text instead of the stored value, lists included; other columns stay as they are', () => {
    const [country, name, own] = withOptionTexts<Record<string, unknown>>(
      [
        { key: 'country', header: 'País' },
        { key: 'name', header: 'Nombre' },
        { key: 'country', header: 'Propio', render: () => 'own' },
      ],
      fields,
    );
    expect(country?.render?.({ country: 'Spain' })).toBe('España');
    expect(country?.render?.({ country: ['Spain', 'France'] })).toBe('España, Francia');
    expect(country?.render?.({ country: 'Atlantis' })).toBe('Atlantis');
    expect(country?.render?.({})).toBe('');
    expect(name?.render).toBeUndefined();
    expect(own?.render?.({})).toBe('own');
  });
});
