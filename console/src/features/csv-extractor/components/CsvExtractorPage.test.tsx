import type { CsvTemplateView } from '@nq/contracts/configuration/csv-template';
import { translate } from '@nq/contracts/errors/index';
import type { FileRecord } from '@nq/contracts/files/file-record';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import CsvExtractorPage from './CsvExtractorPage.tsx';

const profile = testProfile({
  service: 'mobile',
  programs: [
    { id: 'speedtest', type: 2, program: 'Speed test' },
    { id: 'ping', type: 3, program: 'Ping' },
  ],
  technologies: [4, 5],
});
const view = (id: string, name: string, order: number, favorite = false): CsvTemplateView => ({
  id,
  name,
  service: 'mobile',
  columns: [{ field: 'probeId', operation: 'value' }],
  active: true,
  builtIn: id === 'default',
  favorite,
  order,
  body: 'probeId',
});
// The profile's order: the default first, then Latency (a favourite), Speeds, then Mine (a favourite).
const templates = [
  view('default', 'Default template', 0),
  view('latency', 'Latency', 1, true),
  view('speeds', 'Speeds', 2),
  view('mine', 'Mine', 3, true),
];
const templatesPath = '/api/types/mobile/programs/speedtest,ping/csv/templates';
const extractPath = '/api/types/mobile/programs/speedtest,ping/csv';
const path = '/csv_extractor';
/** How an English interface writes the file for a profile in UTC, sent with every extraction. */
const englishCsv = { delimiter: ',', decimalSeparator: '.', bom: false, timeZone: 'Etc/UTC', headerLanguage: 'en' };

const made: FileRecord = {
  id: 'file-extraction-01',
  service: 'csvExtractor',
  name: 'extraction-2026-03-01.csv',
  status: 'inProgress',
  createdAt: '2026-03-01T10:00:00.000Z',
  attempts: 1,
};

let api: FakeApi;
/** What the files list answers for the extraction at each read, the last one repeated. */
let fileStates: Partial<FileRecord>[];
beforeEach(() => {
  sessionStorage.clear();
  fileStates = [{ progress: { percent: 40, rows: 400 } }, { status: 'ready', size: 2_048 }];
  api = fakeApi()
    .get(templatesPath, { result: templates, technologies: [4, 5], warnings: [] })
    .post(extractPath, answer(202, { file: made }))
    .get('/files-management', () => {
      const state = fileStates.length > 1 ? fileStates.shift() : fileStates[0];
      const list = [{ ...made, ...state }];
      return { list, count: list.length };
    });
  signIn(api, profile);
});
afterEach(() => vi.restoreAllMocks());

const templateSelect = () => screen.getByRole('combobox', { name: 'Template' }) as HTMLSelectElement;
const optionsOf = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

describe('CSV extractor', () => {
  it('extracts with the favourite template, follows the progress and downloads the file', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    api.post('/files-management/download', { url: '/files-management/download?token=abc', expiresAt: made.createdAt });
    const { user, router } = await renderScreen(<CsvExtractorPage />, { path });

    await waitFor(() => expect(templateSelect().value).toBe('latency'));
    expect(optionsOf(templateSelect())).toEqual([
      'Latency (favorite)',
      'Mine (favorite)',
      'Default template',
      'Speeds',
    ]);
    await user.selectOptions(templateSelect(), 'mine');
    await user.type(screen.getByLabelText('From'), '2026-02-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'From hour' }), '8');
    await waitFor(() => expect(router.state.location.search).toContain('template=mine'));
    expect(router.state.location.search).toContain('hourStart=8');
    expect(screen.getByText('With no technology chosen, the file holds 4G and 5G.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Extract' }));
    expect(await screen.findByRole('heading', { name: `Making ${made.name}` })).toBeInTheDocument();
    expect(api.sent('POST', extractPath)[0]?.body).toEqual({
      templateId: 'mine',
      tsStart: '2026-02-01',
      hourStart: 8,
      csv: englishCsv,
    });
    await waitFor(() => expect(router.state.location.search).toContain(`file=${made.id}`));
    expect(await screen.findByText('400 rows written')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: `Progress of ${made.name}` })).toHaveAttribute('value', '40');
    expect(screen.getByTestId('extraction-percent')).toHaveTextContent('40%');

    expect(await screen.findByRole('heading', { name: `${made.name} is ready` }, { timeout: 3_000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Download ${made.name}` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/files-management/download?token=abc'));
    expect(api.sent('POST', '/files-management/download')[0]?.body).toEqual({ ids: [made.id] });

    await user.click(screen.getByRole('button', { name: 'Extract again' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('file='));
    expect(screen.getByRole('button', { name: 'Extract' })).toBeEnabled();
    expect(router.state.location.search).toContain('template=mine');
  });

  it('offers only the default template, with why, when the API falls back to it', async () => {
    api.get(templatesPath, {
      result: [{ ...templates[0], favorite: true }],
      technologies: [4, 5],
      warnings: [{ code: 'csvExtractor.defaultTemplateOnly', message: '' }],
    });
    await renderScreen(<CsvExtractorPage />, { path });
    expect(await screen.findByText(translate('csvExtractor.defaultTemplateOnly', 'en'))).toBeInTheDocument();
    expect(optionsOf(templateSelect())).toEqual(['Default template (favorite)']);
    expect(screen.getByText('With no technology chosen, the file holds 4G and 5G.')).toBeInTheDocument();
  });

  it('takes a profile listing no technologies for one that sees them all, even when the templates fail', async () => {
    signIn(api, { ...profile, technologies: [] });
    api.get(templatesPath, answer(500, { code: 'csvTemplates.fetchFailed' }));
    await renderScreen(<CsvExtractorPage />, { path });
    expect(await screen.findByText(translate('csvExtractor.defaultTemplateOnly', 'en'))).toBeInTheDocument();
    expect(screen.queryByText(translate('csvExtractor.defaultTechnologies', 'en'))).not.toBeInTheDocument();
    expect(screen.getByText('With no technology chosen, the file holds 2G, 3G, 4G, and 5G.')).toBeInTheDocument();
    const technologies = screen.getByRole('listbox', { name: 'Technologies' }) as HTMLSelectElement;
    expect(optionsOf(technologies)).toEqual(['2G', '3G', '4G', '5G']);
  });

  it("offers an administrator every service it sees, and extracts the landline probes with that service's technologies", async () => {
    signIn(api, { ...profile, rol: 'admin', technologies: [] });
    const landline = '/api/types/landline/programs/speedtest,ping/csv';
    api.get(`${landline}/templates`, { result: [templates[0]], technologies: [98, 99, 100, 101, 102], warnings: [] });
    api.post(landline, answer(202, { file: made }));
    const { user, router } = await renderScreen(<CsvExtractorPage />, { path });
    const service = (await screen.findByRole('combobox', { name: 'Service' })) as HTMLSelectElement;
    expect(service).toBeEnabled();
    expect(optionsOf(service)).toEqual(['Landline', 'Mobile']);
    await user.selectOptions(service, 'landline');
    await waitFor(() => expect(router.state.location.search).toContain('service=landline'));
    expect(
      await screen.findByText(
        'With no technology chosen, the file holds Ethernet, WiFi 2.4 GHz, WiFi 5 GHz, WiFi 6 GHz, and WiFi 7 GHz.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(templateSelect().value).toBe('default'));
    await user.click(screen.getByRole('button', { name: 'Extract' }));
    await screen.findByRole('heading', { name: `Making ${made.name}` });
    expect(api.sent('POST', landline)).toHaveLength(1);
  });

  it('keeps a user to the service of its profile', async () => {
    await renderScreen(<CsvExtractorPage />, { path, at: `${path}?service=landline` });
    const service = (await screen.findByRole('combobox', { name: 'Service' })) as HTMLSelectElement;
    expect(service).toBeDisabled();
    expect(optionsOf(service)).toEqual(['Mobile']);
    expect(service.value).toBe('mobile');
  });

  it('still extracts with the default template when the templates cannot be loaded at all', async () => {
    api.get(templatesPath, answer(500, { code: 'csvTemplates.fetchFailed' }));
    const { user } = await renderScreen(<CsvExtractorPage />, { path });
    expect(await screen.findByText(translate('csvExtractor.defaultTemplateOnly', 'en'))).toBeInTheDocument();
    expect(optionsOf(templateSelect())).toEqual(['Default template']);
    await user.click(screen.getByRole('button', { name: 'Extract' }));
    await screen.findByRole('heading', { name: `Making ${made.name}` });
    expect(api.sent('POST', extractPath)[0]?.body).toEqual({ csv: englishCsv });
  });

  it('shows a refusal in place, beside the field it names', async () => {
    api.post(
      extractPath,
      answer(400, {
        code: 'request.invalid',
        details: { fields: [{ field: 'body.hourEnd', code: 'validation.outOfRange', params: { min: 0, max: 23 } }] },
      }),
    );
    const { user } = await renderScreen(<CsvExtractorPage />, { path });
    await waitFor(() => expect(templateSelect().value).toBe('latency'));
    await user.click(screen.getByRole('button', { name: 'Extract' }));
    const hourEnd = screen.getByRole('combobox', { name: 'To hour' });
    await waitFor(() => expect(hourEnd).toHaveAttribute('aria-invalid', 'true'));
    expect(hourEnd.parentElement).toHaveTextContent(translate('validation.outOfRange', 'en', { min: 0, max: 23 }));
    expect(screen.getByText(translate('request.invalid', 'en'))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: `Making ${made.name}` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extract' })).toBeEnabled();
  });

  it('says why a file failed and follows it again once retried', async () => {
    fileStates = [{ status: 'error', errorCode: 'files.generationFailed' }];
    api.post(`/files-management/retry/${made.id}`, () => {
      fileStates = [{ status: 'ready', size: 10 }];
      return { ...made, attempts: 2 };
    });
    const { user } = await renderScreen(<CsvExtractorPage />, { path, at: `${path}?file=${made.id}` });
    const failed = await screen.findByRole('heading', { name: `${made.name} could not be made` });
    expect(within(failed.closest('section')!).getByRole('alert')).toHaveTextContent(
      translate('files.generationFailed', 'en'),
    );
    await user.click(screen.getByRole('button', { name: `Retry ${made.name}` }));
    await expect.poll(() => api.sent('POST', `/files-management/retry/${made.id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: `${made.name} is ready` }, { timeout: 3_000 })).toBeVisible();
  });

  it('opens as it was left when coming back from the menu, following the same file', async () => {
    const first = await renderScreen(<CsvExtractorPage />, { path });
    await waitFor(() => expect(templateSelect().value).toBe('latency'));
    await first.user.click(screen.getByRole('button', { name: 'Extract' }));
    await waitFor(() => expect(first.router.state.location.search).toContain(`file=${made.id}`));
    first.unmount();

    const again = await renderScreen(<CsvExtractorPage />, { path });
    await waitFor(() => expect(again.router.state.location.search).toContain(`file=${made.id}`));
    expect(await screen.findByRole('heading', { name: new RegExp(made.name) })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    fileStates = [{ progress: { percent: 75, rows: 1 } }];
    const { user } = await renderScreen(<CsvExtractorPage />, { path, language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Extractor CSV' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Prueba de velocidad' })).toBeChecked();
    const select = screen.getByRole('combobox', { name: 'Plantilla' }) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('latency'));
    expect(optionsOf(select)[0]).toBe('Latency (favorita)');
    expect(screen.getByText('Si no eliges ninguna tecnología, el archivo incluye 4G y 5G.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Extraer' }));
    expect(await screen.findByText('1 fila escrita', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Generando ${made.name}` })).toBeInTheDocument();
    expect(screen.getByTestId('extraction-percent')).toHaveTextContent('75 %');
    // A Spanish interface writes the file as Excel in Spanish opens it.
    expect(api.sent('POST', extractPath)[0]?.body).toMatchObject({
      csv: { delimiter: ';', decimalSeparator: ',', bom: true, timeZone: 'Etc/UTC', headerLanguage: 'es' },
    });
  });

  it('writes the file in the CSV format chosen, and waits while its separators clash', async () => {
    const { user } = await renderScreen(<CsvExtractorPage />, { path });
    await waitFor(() => expect(templateSelect().value).toBe('latency'));
    const format = screen.getByRole('group', { name: 'CSV format' });
    const field = (name: string) => within(format).getByRole('combobox', { name });
    // The file's headers are its template's column names: no header language to choose.
    expect(within(format).queryByRole('combobox', { name: 'Column headers in' })).toBeNull();
    expect(within(format).getByText("Column headers are the template's column names, in any language.")).toBeVisible();
    await user.selectOptions(field('Decimal separator'), ',');
    await user.selectOptions(field('Delimiter'), ',');
    expect(within(format).getByRole('alert')).toHaveTextContent(
      translate('csvExport.decimalCommaNeedsSemicolon', 'en', { decimalSeparator: ',', delimiter: ',', required: ';' }),
    );
    expect(screen.getByRole('button', { name: 'Extract' })).toBeDisabled();

    await user.selectOptions(field('Delimiter'), ';');
    await user.selectOptions(field('Time zone of dates and times'), 'Europe/Madrid');
    await user.click(within(format).getByRole('checkbox', { name: /byte-order mark/ }));
    await user.click(screen.getByRole('button', { name: 'Extract' }));
    await screen.findByRole('heading', { name: `Making ${made.name}` });
    expect(api.sent('POST', extractPath)[0]?.body).toEqual({
      templateId: 'latency',
      csv: { delimiter: ';', decimalSeparator: ',', bom: true, timeZone: 'Europe/Madrid', headerLanguage: 'en' },
    });
  });
});
