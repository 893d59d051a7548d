import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { FILE_POLL_MS } from '../api/regulatory-reports-api.ts';
import RegulatoryReportPage from './RegulatoryReportPage.tsx';
import {
  askedFile,
  calculations,
  digi,
  files,
  movistar,
  octoberCalculation,
  orange,
  receivedUntil,
  reportId,
} from './regulatory-fixtures.ts';

const at = (search = '') => ({ path: '/regulatory_format/:id', at: `/regulatory_format/${reportId}${search}` });
const pinnedQuery = new URLSearchParams({ asOf: '120:4', receivedUntil }).toString();

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get(calculations, octoberCalculation);
  signIn(api);
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (table: HTMLElement, provider: string) =>
  table.querySelector<HTMLElement>(`tr[data-provider="${provider}"]`)!;

describe('Regulatory report figures', () => {
  it('shows each KPI and statistic per provider: value in its unit, 95 % interval, measurements and probes', async () => {
    await renderScreen(<RegulatoryReportPage />, at());
    const median = await screen.findByRole('table', { name: 'Download speed · Median' });
    expect(
      within(median)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Provider', 'Value', '95 % interval', 'Measurements', 'Probes']);
    expect(
      within(median)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Movistar', 'Orange', 'Digi']);
    const first = within(rowOf(median, movistar));
    expect(first.getByTestId('value')).toHaveTextContent('48.25 Mbps');
    expect(first.getByTestId('interval')).toHaveTextContent('45.1 – 51.3 Mbps');
    expect(first.getByTestId('measurements')).toHaveTextContent('1,200');
    expect(first.getByTestId('probes')).toHaveTextContent('40');

    // Shares are in percent; the threshold in the KPI's unit.
    const share = screen.getByRole('table', { name: 'Download speed · Share of tests ≥ 30 Mbps' });
    expect(within(rowOf(share, orange)).getByTestId('value')).toHaveTextContent('88.3 %');
    expect(within(rowOf(share, orange)).getByTestId('interval')).toHaveTextContent('84 – 91.9 %');
    const latency = screen.getByRole('table', { name: 'Latency · Median' });
    expect(within(rowOf(latency, movistar)).getByTestId('value')).toHaveTextContent('21.5 ms');

    expect(screen.getByTestId('method')).toHaveTextContent('Period:Oct 1, 2026 – Oct 31, 2026 (Europe/Madrid)');
    expect(screen.getByTestId('method')).toHaveTextContent('Peak hours:19:00–22:59');
    expect(screen.getByTestId('method')).toHaveTextContent('Minimum sample:100 measurements and 5 probes per figure');
    expect(screen.getByTestId('method')).toHaveTextContent('Bootstrap over probes:1,000 resamples, seed 7');
    expect(screen.getByTestId('method')).toHaveTextContent('Confidence:95 %');
    expect(screen.getByTestId('version')).toHaveTextContent('3');
    expect(screen.getByTestId('log-position')).toHaveTextContent('120:4');
    expect(screen.getByTestId('received-until')).toHaveTextContent(receivedUntil);
  });

  it('says a withheld figure is not published, and why, with the report’s minimums', async () => {
    await renderScreen(<RegulatoryReportPage />, at());
    const median = await screen.findByRole('table', { name: 'Download speed · Median' });
    const thin = within(rowOf(median, digi));
    expect(thin.getByTestId('withheld')).toHaveTextContent('Not published');
    expect(thin.getByTestId('withheld')).toHaveTextContent('Too few measurements: 42, the minimum is 100');
    expect(thin.queryByTestId('value')).not.toBeInTheDocument();
    expect(thin.getByTestId('measurements')).toHaveTextContent('42');
    const latency = screen.getByRole('table', { name: 'Latency · Median' });
    expect(within(rowOf(latency, orange)).getByTestId('withheld')).toHaveTextContent(
      'Too few probes: 3, the minimum is 5',
    );
  });

  it('says which providers differ at 95 %, with the difference and its interval, and what was left out', async () => {
    await renderScreen(<RegulatoryReportPage />, at());
    const median = await screen.findByRole('region', { name: 'Differences in Download speed · Median' });
    expect(within(median).getByTestId('differing')).toHaveTextContent('Differ at 95 %: Movistar – Orange');
    const pair = within(median).getByRole('row', { name: /Movistar – Orange/ });
    expect(pair).toHaveTextContent('+8.15 Mbps');
    expect(pair).toHaveTextContent('+3.9 Mbps – +12.6 Mbps');
    expect(pair).toHaveTextContent('Differ');
    const share = screen.getByRole('region', { name: 'Differences in Download speed · Share of tests ≥ 30 Mbps' });
    expect(within(share).getByTestId('differing')).toHaveTextContent('No pair of providers differs at 95 %.');
    const cells = within(within(share).getByRole('row', { name: /Movistar – Orange/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent?.replace('\u2212', '-'))).toEqual([
      '+4.2 percentage points',
      '-1.1 percentage points – +9.8 percentage points',
      'No significant difference',
    ]);

    const left = screen.getByRole('table', { name: 'Measurements left out' });
    expect(within(left).getByRole('row', { name: /Tests that did not finish/ })).toHaveTextContent('37');
    expect(within(left).getByRole('row', { name: /No provider identified/ })).toHaveTextContent('5');
    expect(within(left).queryByText(/Of a provider/)).not.toBeInTheDocument();
  });

  it('reproduces: asks again with the calculation’s version and data cut-off, kept in the address; Latest drops them', async () => {
    const { user, router } = await renderScreen(<RegulatoryReportPage />, at());
    await screen.findByRole('table', { name: 'Download speed · Median' });
    expect(api.sent('GET', calculations)[0]?.query.toString()).toBe('');

    await user.click(screen.getByRole('button', { name: 'Reproduce' }));
    expect(new URLSearchParams(router.state.location.search).get('asOf')).toBe('120:4');
    expect(new URLSearchParams(router.state.location.search).get('receivedUntil')).toBe(receivedUntil);
    await vi.waitFor(() => expect(api.sent('GET', calculations).at(-1)?.query.toString()).toBe(pinnedQuery));
    expect(await screen.findByText(/kept in the address/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Latest' }));
    expect(router.state.location.search).toBe('');
    await vi.waitFor(() => expect(api.sent('GET', calculations).at(-1)?.query.toString()).toBe(''));
    await waitFor(() => expect(screen.queryByText(/kept in the address/)).not.toBeInTheDocument());
  });

  it('a shared link reproduces: it asks with the version and cut-off it holds', async () => {
    await renderScreen(<RegulatoryReportPage />, at(`?${pinnedQuery}`));
    await screen.findByRole('table', { name: 'Download speed · Median' });
    expect(api.sent('GET', calculations).map((request) => request.query.toString())).toEqual([pinnedQuery]);
    expect(screen.getByText(/kept in the address/)).toBeInTheDocument();
  });

  it('asks for the PDF of the figures shown, in the interface language, and says it is being prepared', async () => {
    api.post(files, { file: askedFile('pdf') }).get('/files-management', { list: [askedFile('pdf')], count: 1 });
    const { user } = await renderScreen(<RegulatoryReportPage />, { ...at(), language: 'es' });
    await screen.findByRole('table', { name: 'Velocidad de descarga · Mediana' });
    await user.click(screen.getByRole('button', { name: 'Archivo PDF' }));
    expect(await screen.findByText(/El archivo PDF se está preparando/)).toBeInTheDocument();
    expect(api.sent('POST', files)[0]?.body).toEqual({
      format: 'pdf',
      asOf: '120:4',
      receivedUntil,
      language: 'es',
    });
    expect(screen.getByRole('link', { name: 'Abrir tus archivos' })).toHaveAttribute('href', '/files_management');
  });

  it('asks for the CSV and offers it for download once the job has made it', async () => {
    let file = askedFile('csv');
    api
      .post(files, { file })
      .get('/files-management', () => ({ list: [file], count: 1 }))
      .post('/files-management/download', { url: '/files-management/download?token=t', expiresAt: file.createdAt });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = await renderScreen(<RegulatoryReportPage />, at(`?${pinnedQuery}`));
    await screen.findByRole('table', { name: 'Download speed · Median' });
    await user.click(screen.getByRole('button', { name: 'CSV file' }));
    expect(await screen.findByText(/The CSV file is being prepared/)).toBeInTheDocument();
    expect(api.sent('POST', files)[0]?.body).toEqual({ format: 'csv', asOf: '120:4', receivedUntil, language: 'en' });

    file = { ...file, status: 'ready', size: 2_048, endedAt: '2026-11-02T08:01:05.000Z' };
    const download = await screen.findByRole(
      'button',
      { name: `Download ${file.name}` },
      { timeout: FILE_POLL_MS + 2_000 },
    );
    expect(api.sent('GET', '/files-management').at(-1)?.query.get('service')).toBe('regulatoryReport');
    await user.click(download);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/files-management/download?token=t'));
    expect(api.sent('POST', '/files-management/download')[0]?.body).toEqual({ ids: [file.id] });
  });

  it('says there is no data, in the language chosen, and shows no table', async () => {
    api.get(calculations, {
      ...octoberCalculation,
      groups: [],
      comparisons: [],
      exclusions: [],
      measurements: 0,
      probes: 0,
      warnings: [{ code: 'regulatoryReports.noData', message: 'x' }],
    });
    await renderScreen(<RegulatoryReportPage />, { ...at(), language: 'es' });
    expect(
      await screen.findByText('Ninguna medición de la población del informe cae dentro de su periodo.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Mediana/ })).not.toBeInTheDocument();
    expect(screen.getByText('No se ha excluido ninguna medición.')).toBeInTheDocument();
  });

  it('shows the catalogue’s message in place when it cannot calculate, with its figures filled in', async () => {
    api.get(calculations, answer(422, { code: 'regulatoryReports.tooManyMeasurements', params: { max: 5_000_000 } }));
    const { unmount } = await renderScreen(<RegulatoryReportPage />, at());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-error-code', 'regulatoryReports.tooManyMeasurements');
    expect(alert).toHaveTextContent('The report reads more than 5000000 measurements');
    expect(screen.getByRole('button', { name: 'PDF file' })).toBeDisabled();
    unmount();

    api.get(calculations, answer(500, { code: 'generic.error' }));
    await renderScreen(<RegulatoryReportPage />, at());
    expect(await screen.findByRole('alert')).toHaveTextContent('The regulatory report could not be calculated.');
  });
});
