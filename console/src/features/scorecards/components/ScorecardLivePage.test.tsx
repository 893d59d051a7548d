import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import ScorecardLivePage from './ScorecardLivePage.tsx';
import { movistar, octoberCalculation, orange, reportFile, scorecardId, withProviders } from './scorecard-fixtures.ts';

const calculations = `/scorecards/${scorecardId}/calculations`;
const at = (search = '') => ({ path: '/scorecard_live/:id', at: `/scorecard_live/${scorecardId}${search}` });

let api: FakeApi;
beforeEach(() => {
  api = withProviders(fakeApi()).get(calculations, octoberCalculation);
  signIn(api);
});
afterEach(() => vi.restoreAllMocks());

const rowOf = (entity: string) => screen.getByTestId('score-matrix').querySelector(`tr[data-entity="${entity}"]`)!;

describe('Scorecard live', () => {
  it('ranks the providers with their total and KPI scores, coloured on the scale, and says where the numbers come from', async () => {
    await renderScreen(<ScorecardLivePage />, at());
    const matrix = await screen.findByRole('table', { name: 'Scores per provider and KPI' });
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Rank',
      'Provider',
      'Download speedweight 60 %',
      'Latencyweight 40 %',
      'Total scoreout of 10',
      'Coverage',
    ]);
    // The names come from the providers list, which may answer after the calculation: until then ids stand in.
    await waitFor(() =>
      expect(
        within(matrix)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Movistar', 'Orange']),
    );

    const first = rowOf(movistar);
    expect(within(first as HTMLElement).getByTestId('rank')).toHaveTextContent('1');
    expect(
      within(first as HTMLElement)
        .getByTestId('total')
        .querySelector('[data-score]'),
    ).toHaveAttribute('data-band', 'good');
    const orangeLatency = within(rowOf(orange) as HTMLElement).getByRole('button', { name: 'Latency score of Orange' });
    expect(orangeLatency).toHaveTextContent('10');
    expect(orangeLatency).toHaveTextContent('08:00–14:00: 10');
    expect(orangeLatency.className).toContain('emerald');

    expect(screen.getByTestId('data-window')).toHaveTextContent('Oct 1, 2026 – Oct 31, 2026 (Etc/UTC)');
    // The version in words a user knows: the log position it is read at stays out of sight.
    expect(screen.getByTestId('configuration-version')).toHaveTextContent(/^version 2(?!\d)/);
    expect(screen.getByTestId('configuration-version')).not.toHaveTextContent(/position|120:1/);
  });

  it('names the providers as the calculation names them, for a profile that may not list providers', async () => {
    const named = {
      ...octoberCalculation,
      live: {
        ...octoberCalculation.live,
        entities: octoberCalculation.live.entities.map((entity) => ({
          ...entity,
          name: entity.entity === movistar ? 'Movistar' : 'Orange',
        })),
      },
    };
    api.get(calculations, named).get('/api/providers/', answer(403, { code: 'profiles.layerNotGranted' }));
    await renderScreen(<ScorecardLivePage />, at());
    const matrix = await screen.findByRole('table', { name: 'Scores per provider and KPI' });
    expect(
      within(matrix)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Movistar', 'Orange']);
  });

  it("opens a cell's detail: raw values per fringe, the MOS mapping and the weight", async () => {
    const { user } = await renderScreen(<ScorecardLivePage />, at());
    await user.click(await screen.findByRole('button', { name: 'Latency score of Movistar' }));
    const detail = screen.getByRole('region', { name: 'Score detail' });
    expect(detail).toHaveTextContent('Latency of Movistar');
    expect(detail).toHaveTextContent('weight 40 %');
    expect(detail).toHaveTextContent('lower values are better');
    expect(within(detail).getByTestId('raw-value')).toHaveTextContent('60 ms');
    expect(within(detail).getByTestId('mos-mapping')).toHaveTextContent(
      'Inverted linear from 20 to 100 ms (absolute upper limit 200), values ≤ lower or equal within 0–1,000, weight 50 %',
    );
    expect(within(detail).getByRole('link', { name: 'See it over time' })).toHaveAttribute(
      'href',
      `/scorecard_live/${scorecardId}/drilldown?kpi=latency`,
    );
  });

  it('asks for the window chosen and keeps it, with the version, in the address', async () => {
    const { user, router } = await renderScreen(<ScorecardLivePage />, at());
    await screen.findByTestId('score-matrix');
    // The fields start from the days the answer used.
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-10-10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?from=2026-10-10&to=2026-10-31');
    await vi.waitFor(() =>
      expect(api.sent('GET', calculations).at(-1)?.query.toString()).toBe('from=2026-10-10&to=2026-10-31'),
    );

    await user.click(screen.getByRole('button', { name: 'Keep this version' }));
    expect(new URLSearchParams(router.state.location.search).get('asOf')).toBe('120:1');
    expect(await screen.findByText('kept in the address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Latency' })).toHaveAttribute(
      'href',
      `/scorecard_live/${scorecardId}/drilldown?from=2026-10-10&to=2026-10-31&asOf=120%3A1&kpi=latency`,
    );
  });

  it("shows the catalogue's message in place for a window outside the profile's dates", async () => {
    api.get(calculations, answer(422, { code: 'scorecards.outOfProfileDateLimits' }));
    await renderScreen(<ScorecardLivePage />, at('?from=2020-01-01&to=2020-01-31'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-error-code', 'scorecards.outOfProfileDateLimits');
    expect(alert).toHaveTextContent('The request is outside the date limits of your profile.');
    expect(screen.queryByTestId('score-matrix')).not.toBeInTheDocument();
  });

  it('says there is no data, and that it could not calculate, in the language chosen', async () => {
    api.get(calculations, {
      ...octoberCalculation,
      live: { ...octoberCalculation.live, entities: [] },
      warnings: [{ code: 'scorecards.noData', message: 'x', params: { window: 'live' } }],
    });
    const { unmount } = await renderScreen(<ScorecardLivePage />, { ...at(), language: 'es' });
    expect(await screen.findByText(/No hay datos para este cuadro de mando\./)).toHaveTextContent('(Ventana en vivo)');
    unmount();

    api.get(calculations, answer(500, { code: 'scorecards.calculateFailed' }));
    await renderScreen(<ScorecardLivePage />, at('?to=2026-10-31'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not calculate the scorecard.');
  });

  it('downloads the CSV of the window and version shown', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    api.post(`/scorecards/${scorecardId}/csv`, 'scorecardId,version');
    const { user } = await renderScreen(<ScorecardLivePage />, at('?from=2026-10-01&to=2026-10-31&asOf=120:1'));
    await screen.findByTestId('score-matrix');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // The CSV's format is asked first, with the interface language's defaults.
    const dialog = screen.getByRole('dialog', { name: 'Madrid quality as CSV' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(saved).toEqual(['Madrid-quality.csv']));
    expect(api.sent('POST', `/scorecards/${scorecardId}/csv`)[0]?.body).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      asOf: '120:1',
      csv: { delimiter: ',', decimalSeparator: '.', bom: false, timeZone: 'Etc/UTC', headerLanguage: 'en' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('downloads the CSV in the format a Spanish interface chooses', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api.post(`/scorecards/${scorecardId}/csv`, 'scorecardId;version');
    const { user } = await renderScreen(<ScorecardLivePage />, {
      ...at('?from=2026-10-01&to=2026-10-31'),
      language: 'es',
    });
    await screen.findByTestId('score-matrix');
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Madrid quality en CSV' });
    expect((within(dialog).getByRole('combobox', { name: 'Delimitador' }) as HTMLSelectElement).value).toBe(';');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Encabezados de columna en' }), 'en');
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await vi.waitFor(() => expect(api.sent('POST', `/scorecards/${scorecardId}/csv`)).toHaveLength(1));
    expect(api.sent('POST', `/scorecards/${scorecardId}/csv`)[0]?.body).toMatchObject({
      csv: { delimiter: ';', decimalSeparator: ',', bom: true, timeZone: 'Etc/UTC', headerLanguage: 'en' },
    });
  });

  it('asks for the PDF report of the window and version shown, in the interface language, and points to the files', async () => {
    api
      .post(`/scorecards/${scorecardId}/report`, { file: reportFile })
      .get('/files-management', { list: [], count: 0 });
    const { user } = await renderScreen(<ScorecardLivePage />, {
      ...at('?from=2026-10-01&to=2026-10-31&asOf=120:1'),
      language: 'es',
    });
    await screen.findByTestId('score-matrix');
    await user.click(screen.getByRole('button', { name: 'Informe PDF' }));
    expect(await screen.findByRole('status')).toHaveTextContent('El informe PDF se está preparando');
    expect(screen.getByRole('link', { name: 'Abrir tus archivos' })).toHaveAttribute('href', '/files_management');
    expect(api.sent('POST', `/scorecards/${scorecardId}/report`)[0]?.body).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      asOf: '120:1',
      language: 'es',
    });
  });
});
