import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import RegulatoryReportsPage from './RegulatoryReportsPage.tsx';
import { madridReport, reportId, withPopulation } from './regulatory-fixtures.ts';

const path = '/regulatory_format';
const created = answer(201, { id: 'rr-new', version: 1, entity: null, warnings: [] });

let api: FakeApi;
beforeEach(() => {
  api = withPopulation(fakeApi()).get('/regulatory-reports/', pagedList([madridReport]));
  signIn(api);
});

/** Opens the create dialog and fills what a report needs: a name and its period. */
async function startReport(user: Awaited<ReturnType<typeof renderScreen>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'New regulatory report' });
  const form = within(dialog);
  await user.type(form.getByRole('textbox', { name: 'Name *' }), 'Madrid latency');
  await user.type(form.getByLabelText('From *'), '2026-10-01');
  await user.type(form.getByLabelText('To *'), '2026-10-31');
  return { dialog, form };
}

const statisticChoices = (row: HTMLElement) =>
  within(within(row).getByRole('listbox', { name: 'Statistics' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('Regulatory reports', () => {
  it('lists each report with its period, population and figures, and leads to its results', async () => {
    await renderScreen(<RegulatoryReportsPage />, { path });
    const link = await screen.findByRole('link', { name: 'Madrid broadband, October' });
    expect(link).toHaveAttribute('href', `/regulatory_format/${reportId}`);
    const row = within(link.closest('tr')!);
    expect(row.getByText(/Oct 1, 2026 – Oct 31, 2026/)).toBeInTheDocument();
    expect(row.getByText('(Europe/Madrid)')).toBeInTheDocument();
    expect(row.getByText('Peak hours 19:00–22:59')).toBeInTheDocument();
    expect(await row.findByText('Providers: Movistar, Orange')).toBeInTheDocument();
    expect(row.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Download speed: Median, Percentile 90, Consistent speed (80/80)',
      'Latency: Median',
    ]);
    expect(row.getByRole('link', { name: 'Results Madrid broadband, October' })).toHaveAttribute(
      'href',
      `/regulatory_format/${reportId}`,
    );
  });

  it('creates a report: consistent speed is offered for speeds only, percentiles and shares are written', async () => {
    api.post('/regulatory-reports/', created);
    const { user } = await renderScreen(<RegulatoryReportsPage />, { path });
    const { form } = await startReport(user);

    // A new report starts with the download's median; a speed offers consistent speed (80/80).
    const row = form.getByTestId('kpis-row-0');
    expect(within(row).getByRole('combobox', { name: 'KPI *' })).toHaveValue('download');
    expect(statisticChoices(row)).toEqual(['Median', 'Mean', 'Consistent speed (80/80)']);
    await user.selectOptions(within(row).getByRole('listbox', { name: 'Statistics' }), [
      'Median',
      'Consistent speed (80/80)',
    ]);
    // Latency is no speed: consistent speed is not offered, nor sent.
    await user.selectOptions(within(row).getByRole('combobox', { name: 'KPI *' }), 'Latency (ms)');
    expect(statisticChoices(row)).toEqual(['Median', 'Mean']);
    await user.type(within(row).getByRole('textbox', { name: 'Percentiles' }), '90, 95');
    await user.type(within(row).getByRole('textbox', { name: 'Share at most (thresholds)' }), '50');

    await user.click(form.getByRole('button', { name: 'Add: KPIs *' }));
    const upload = form.getByTestId('kpis-row-1');
    await user.selectOptions(within(upload).getByRole('combobox', { name: 'KPI *' }), 'Upload speed (Mbps)');
    expect(statisticChoices(upload)).toContain('Consistent speed (80/80)');
    await user.selectOptions(within(upload).getByRole('listbox', { name: 'Statistics' }), 'Consistent speed (80/80)');
    await user.type(within(upload).getByRole('textbox', { name: 'Share at least (thresholds)' }), '10 2.5');

    await user.selectOptions(form.getByRole('combobox', { name: 'Peak hours from' }), '19:00');
    await user.selectOptions(form.getByRole('combobox', { name: 'Peak hours to' }), '22:00');
    await user.selectOptions(form.getByRole('listbox', { name: 'Providers' }), 'Movistar');
    await user.selectOptions(form.getByRole('listbox', { name: 'Providers' }), 'Orange');
    await user.type(form.getByRole('spinbutton', { name: 'Minimum probes' }), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [sent] = api.sent('POST', '/regulatory-reports/');
    expect(sent?.body).toEqual({
      name: 'Madrid latency',
      universes: [],
      campaigns: [],
      clusters: [],
      providers: ['prov-movistar', 'prov-orange'],
      technologies: [],
      sources: ['panel'],
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'Etc/UTC',
      peakHours: { from: 19, to: 22 },
      byTechnology: false,
      kpis: [
        {
          kpi: 'latency',
          statistics: [
            { kind: 'median' },
            { kind: 'percentile', p: 90 },
            { kind: 'percentile', p: 95 },
            { kind: 'shareAtMost', threshold: 50 },
          ],
        },
        {
          kpi: 'upload',
          statistics: [
            { kind: 'shareAtLeast', threshold: 10 },
            { kind: 'shareAtLeast', threshold: 2.5 },
            { kind: 'consistent' },
          ],
        },
      ],
      minimumProbes: 10,
    });
  });

  it('edits a report as it is stored, and sends only what changed', async () => {
    api.put(`/regulatory-reports/${reportId}`, { id: reportId, version: 4, entity: null, warnings: [] });
    const { user } = await renderScreen(<RegulatoryReportsPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Edit Madrid broadband, October' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit: Madrid broadband, October' }));
    expect(form.getByLabelText('From *')).toHaveValue('2026-10-01');
    expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Madrid');
    expect(form.getByRole('combobox', { name: 'Peak hours from' })).toHaveValue('19');
    const download = within(form.getByTestId('kpis-row-0'));
    expect(download.getByRole('combobox', { name: 'KPI *' })).toHaveValue('download');
    const picked = download.getByRole('listbox', { name: 'Statistics' }) as HTMLSelectElement;
    expect([...picked.selectedOptions].map((option) => option.value)).toEqual(['median', 'consistent']);
    expect(download.getByRole('textbox', { name: 'Percentiles' })).toHaveValue('90');
    expect(within(form.getByTestId('kpis-row-1')).getByRole('combobox', { name: 'KPI *' })).toHaveValue('latency');

    await user.clear(form.getByRole('spinbutton', { name: 'Seed' }));
    await user.type(form.getByRole('spinbutton', { name: 'Seed' }), '11');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.sent('PUT', `/regulatory-reports/${reportId}`).map((request) => request.body)).toEqual([
      { seed: 11, expectedVersion: 3 },
    ]);
  });

  it("shows the API's problem under the field it names, with its figures", async () => {
    api.post(
      '/regulatory-reports/',
      answer(400, {
        code: 'regulatoryReports.periodEndBeforeStart',
        params: { from: '2026-10-31', to: '2026-10-01' },
        details: { field: 'to' },
      }),
    );
    const { user } = await renderScreen(<RegulatoryReportsPage />, { path });
    const { form } = await startReport(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const to = form.getByLabelText('To *');
    expect(await form.findByText('The period ends (2026-10-01) before it starts (2026-10-31).')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(form.queryByTestId('form-error')).not.toBeInTheDocument();
  });

  it("shows a KPI's statistic problem in its row, and refuses a percentile it cannot read before sending", async () => {
    api.post(
      '/regulatory-reports/',
      answer(400, {
        code: 'regulatoryReports.statisticRepeated',
        params: { statistic: 'p90', kpi: 'download' },
        details: { field: 'kpis.0.statistics.1' },
      }),
    );
    const { user } = await renderScreen(<RegulatoryReportsPage />, { path });
    const { form } = await startReport(user);
    const row = within(form.getByTestId('kpis-row-0'));
    await user.type(row.getByRole('textbox', { name: 'Percentiles' }), '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await row.findByText('Enter a valid number.')).toBeInTheDocument();
    expect(api.sent('POST', '/regulatory-reports/')).toEqual([]);

    await user.clear(row.getByRole('textbox', { name: 'Percentiles' }));
    await user.type(row.getByRole('textbox', { name: 'Percentiles' }), '90, 90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await row.findByText('The statistic p90 is listed twice for download.')).toBeInTheDocument();
    expect(row.getByRole('listbox', { name: 'Statistics' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no writes to a profile that is not an administrator', async () => {
    signIn(api, testProfile({ rol: 'user', layers: [{ id: 'regulatory_format' }] }));
    await renderScreen(<RegulatoryReportsPage />, { path });
    expect(await screen.findByRole('link', { name: 'Madrid broadband, October' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('admin-only-note')).toBeInTheDocument();
  });
});
