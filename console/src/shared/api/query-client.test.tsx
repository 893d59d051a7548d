import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { renderScreen, signIn } from '../testing/render-screen.tsx';
import { useKpiCatalogue } from './kpi-catalogue.ts';

function KpiNames() {
  // Re-drawn on a language switch, as every screen is through its texts.
  useTranslation();
  const kpis = useKpiCatalogue();
  return <p>{kpis.data?.map((kpi) => kpi.label).join(', ')}</p>;
}

describe('the query cache', () => {
  it('asks again in the new language when the interface language changes, instead of showing the old labels', async () => {
    const api = fakeApi();
    signIn(api);
    api.get('/api/types/all/kpis', (request) => {
      const spanish = request.headers.get('accept-language') === 'es';
      const kpi = { id: 'download', unit: 'Mbps', inverse: false, testTypes: [], fringes: [] };
      return { category: 'all', list: [{ ...kpi, label: spanish ? 'Velocidad de descarga' : 'Download speed' }] };
    });
    await renderScreen(<KpiNames />);
    expect(await screen.findByText('Download speed')).toBeTruthy();
    await act(() => setLanguage('es'));
    expect(await screen.findByText('Velocidad de descarga')).toBeTruthy();
  });
});
