import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../testing/render-screen.tsx';
import { GraphicFilterPanel } from './GraphicFilterPanel.tsx';
import { defaultFilters } from './graphic-filters.ts';

const technologyOptions = () =>
  [...(screen.getByRole('listbox', { name: 'Technologies' }) as HTMLSelectElement).options].map(
    (option) => option.textContent,
  );

const panel = (service?: 'landline' | 'mobile') => (
  <GraphicFilterPanel
    kpis={[]}
    filters={defaultFilters}
    onChange={() => undefined}
    options={[]}
    pickers="selection"
    service={service}
  />
);

describe('the graphic filters’ technologies', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = fakeApi();
  });

  it('offers only those the profile sees', async () => {
    signIn(api, testProfile({ service: 'landline', technologies: [98, 99] }));
    await renderScreen(panel());
    await waitFor(() => expect(technologyOptions()).toEqual(['Ethernet', 'WiFi 2.4 GHz']));
  });

  it("offers a profile listing none every technology, or the asked service's", async () => {
    signIn(api, testProfile({ service: 'mobile' }));
    const { unmount } = await renderScreen(panel());
    await waitFor(() => expect(technologyOptions()).toHaveLength(10));
    unmount();
    await renderScreen(panel('mobile'));
    await waitFor(() => expect(technologyOptions()).toEqual(['2G', '3G', '4G', '5G']));
    expect(within(screen.getByRole('group', { name: 'Filters' })).queryByText('Ethernet')).toBeNull();
  });
});

describe('the graphic filters’ sources', () => {
  it('offers the panel and the public data, hands up the choice, and breaks down by source', async () => {
    signIn(fakeApi(), testProfile({ service: 'mobile' }));
    const onChange = vi.fn();
    const { user } = await renderScreen(
      <GraphicFilterPanel kpis={[]} filters={defaultFilters} onChange={onChange} options={[]} />,
      { language: 'es' },
    );

    const sources = screen.getByRole('listbox', { name: 'Orígenes' });
    expect([...(sources as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Panel propio',
      'RIPE Atlas',
      'M-Lab',
      'iperf3',
      'Ookla',
    ]);
    await user.selectOptions(sources, 'RIPE Atlas');
    expect(onChange).toHaveBeenLastCalledWith({ sources: ['ripe-atlas'], sourcesCond: 'include' });
    const firstBreakdown = screen.getByRole('combobox', { name: 'Desglose 1' });
    expect(within(firstBreakdown).getByRole('option', { name: 'Origen' })).toBeInTheDocument();
  });
});
