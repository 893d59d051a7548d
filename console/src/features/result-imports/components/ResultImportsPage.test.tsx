import type { ImportStatus, ImportSummary } from '@nq/contracts/measurements/result-imports';
import { MAX_IMPORT_BYTES } from '@nq/contracts/measurements/result-imports';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import ResultImportsPage from './ResultImportsPage.tsx';

const path = '/probes_configuration/measurement_imports';
const importId = 'result-import-0f1e2d3c';

const report: NonNullable<ImportStatus['report']> = {
  format: 'ndt7',
  read: 1_204,
  imported: 1_150,
  duplicates: { stored: 40, inFile: 2 },
  refused: 12,
  refusals: [
    {
      index: 3,
      line: 4,
      code: 'resultImports.notJson',
      message: 'This is not JSON: it could not be read.',
    },
    {
      index: 9,
      line: 10,
      code: 'resultImports.invalidField',
      params: { field: 'a.MeanThroughputMbps' },
      field: 'a.MeanThroughputMbps',
      message: 'The result’s a.MeanThroughputMbps is missing or not valid.',
    },
  ],
  probesCreated: ['homelab1'],
  programs: ['m-lab-ndt7', 'lab-home'],
};

const started: ImportStatus = {
  id: importId,
  format: 'ndt7',
  state: 'queued',
  progress: {},
  createdAt: '2026-11-02T09:30:00.000Z',
};

const pastImports: ImportSummary[] = [
  {
    id: 'result-import-aa',
    format: 'ookla',
    url: 'https://files.example.net/speedtest.json',
    state: 'failed',
    progress: {},
    createdAt: '2026-11-01T08:00:00.000Z',
    finishedAt: '2026-11-01T08:00:02.000Z',
    error: {
      code: 'resultImports.downloadFailed',
      params: { url: 'https://files.example.net/speedtest.json', reason: 'HTTP 404' },
      message: 'The file at https://files.example.net/speedtest.json could not be downloaded (HTTP 404).',
    },
  },
  {
    id: 'result-import-bb',
    format: 'ripe-atlas',
    state: 'completed',
    progress: { rows: 7, percent: 100 },
    createdAt: '2026-10-30T12:00:00.000Z',
    finishedAt: '2026-10-30T12:00:05.000Z',
    report: {
      format: 'ripe-atlas',
      read: 7,
      imported: 4,
      duplicates: { stored: 0, inFile: 1 },
      refused: 2,
      probesCreated: ['ripeatlas6001'],
      programs: ['ripe-atlas-1001'],
    },
  },
];

const list = (entries: ImportSummary[]) => ({ list: entries, count: entries.length, page: 1, pageSize: 10 });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/measurements/imports', list(pastImports));
  signIn(
    api,
    testProfile({
      rol: 'admin',
      timeZone: 'Europe/Madrid',
      layers: [{ id: 'probes_configuration' }, { id: 'measurementAnalysis' }],
    }),
  );
});

const formatRadio = (name: string) => screen.getByRole('radio', { name });

describe('Import results', () => {
  it('describes each format and asks only for what the chosen one needs', async () => {
    const { user } = await renderScreen(<ResultImportsPage />, { path });

    expect(screen.getByRole('heading', { level: 1, name: 'Import results' })).toBeInTheDocument();
    expect(formatRadio('RIPE Atlas')).toBeChecked();
    expect(formatRadio('RIPE Atlas')).toHaveAccessibleDescription(/ping, traceroute, DNS, HTTP and SSL certificate/);
    expect(formatRadio('M-Lab ndt7')).toHaveAccessibleDescription(/ndt7 client's summary/);
    expect(formatRadio('iperf3')).toHaveAccessibleDescription(/iperf3 -J/);
    expect(formatRadio('Ookla Speedtest CLI')).toHaveAccessibleDescription(/speedtest --format=json/);
    // RIPE Atlas results name their probes and carry their times.
    expect(screen.getByRole('textbox', { name: 'Program' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Technology' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Probe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Direction' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Measured at/)).not.toBeInTheDocument();

    await user.click(formatRadio('M-Lab ndt7'));
    expect(screen.getByRole('textbox', { name: 'Probe' })).toBeInTheDocument();
    expect(screen.getByText(/created when it does not exist\. Default: importedndt7\./)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Direction' })).toBeInTheDocument();
    expect(screen.getByLabelText('Measured at (Europe/Madrid)')).toBeInTheDocument();
    expect(
      screen.getByText("The ndt7 client's summary carries no time: say when it was measured."),
    ).toBeInTheDocument();

    await user.click(formatRadio('Ookla Speedtest CLI'));
    expect(screen.getByRole('textbox', { name: 'Probe' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Direction' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Measured at/)).not.toBeInTheDocument();
  });

  it('sends a file as text with the options its format reads, then follows the import to its report', async () => {
    let reads = 0;
    api.post('/measurements/imports', answer(202, started)).get(`/measurements/imports/${importId}`, () => {
      reads += 1;
      if (reads === 1) return { ...started, state: 'running', progress: { rows: 500, percent: 41 } };
      return { ...started, state: 'completed', progress: { rows: 1_204, percent: 100 }, report };
    });
    const { user, router } = await renderScreen(<ResultImportsPage />, { path });

    await user.click(formatRadio('M-Lab ndt7'));
    const summary = '{"Download":{"Throughput":{"Value":93.1,"Unit":"Mbit/s"}}}';
    await user.upload(screen.getByLabelText('File'), new File([summary], 'summary.json', { type: 'application/json' }));
    await user.type(screen.getByRole('textbox', { name: 'Probe' }), 'homelab1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Technology' }), '98');
    await user.type(screen.getByLabelText('Measured at (Europe/Madrid)'), '2026-11-02T10:30');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(api.sent('POST', '/measurements/imports')).toHaveLength(1));
    // Only what ndt7 reads and was given; the time in the profile's zone (CET, UTC+1).
    expect(api.sent('POST', '/measurements/imports')[0]!.body).toEqual({
      format: 'ndt7',
      text: summary,
      probe: 'homelab1',
      technology: 98,
      measuredAt: '2026-11-02T09:30:00.000Z',
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${importId}`));

    const followed = await screen.findByTestId('followed-import');
    expect(followed).toHaveTextContent('M-Lab ndt7 import of');
    expect(followed).toHaveTextContent('File sent');
    expect(await screen.findByText('500 results read so far')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Results read' })).toHaveAttribute('value', '41');

    const done = await screen.findByTestId('import-report', {}, { timeout: 4_000 });
    const figure = (label: string) => within(done).getByText(label).nextElementSibling;
    expect(figure('Results read')).toHaveTextContent('1,204');
    expect(figure('Measurements imported')).toHaveTextContent('1,150');
    expect(figure('Already stored')).toHaveTextContent('40');
    expect(figure('Repeated in the file')).toHaveTextContent('2');
    expect(within(done).getAllByText('Results refused')[0]!.nextElementSibling).toHaveTextContent('12');
    expect(within(done).getByText('homelab1')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'm-lab-ndt7' })).toHaveAttribute(
      'href',
      '/measurementAnalysis?programs=m-lab-ndt7',
    );
    expect(within(done).getByRole('link', { name: 'lab-home' })).toHaveAttribute(
      'href',
      '/measurementAnalysis?programs=lab-home',
    );
    expect(within(done).getByText('The first 2 of the 12 results refused are listed.')).toBeInTheDocument();
    const refusals = within(within(done).getByRole('table', { name: 'Results refused' }));
    const notJson = refusals.getByRole('row', { name: /This is not JSON/ });
    expect(
      within(notJson)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '3', 'This is not JSON: it could not be read.', '']);
    expect(refusals.getByRole('row', { name: /a\.MeanThroughputMbps is missing or not valid/ })).toBeInTheDocument();
    // Ended: it is read no more.
    const readsWhenDone = reads;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(reads).toBe(readsWhenDone);
  });

  it('refuses a file larger than 8 MB, or gzip-compressed, before sending anything', async () => {
    const { user } = await renderScreen(<ResultImportsPage />, { path });

    // Its size alone is looked at: a small file that says it is larger stands for one.
    const large = new File(['[]'], 'big.json');
    Object.defineProperty(large, 'size', { value: MAX_IMPORT_BYTES + 1 });
    await user.upload(screen.getByLabelText('File'), large);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file is larger than 8 MB. Split it into smaller files.')).toBeInTheDocument();

    // Compressed, whatever its name says.
    const gzip = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00]);
    await user.upload(screen.getByLabelText('File'), new File([gzip], 'results.json'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('The file is gzip-compressed: decompress it first, or import it from its address.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'From a web address' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(api.sent('POST', '/measurements/imports')).toHaveLength(0);
  });

  it('shows the server’s refusal of an address in the catalogue’s words (Spanish)', async () => {
    const url = 'http://127.0.0.1:9200/_all';
    api.post(
      '/measurements/imports',
      answer(400, {
        code: 'resultImports.urlNotAllowed',
        message: 'ignored: the console words it',
        params: { url, reason: '127.0.0.1 loopback' },
      }),
    );
    const { user } = await renderScreen(<ResultImportsPage />, { path, language: 'es' });

    expect(screen.getByRole('heading', { level: 1, name: 'Importar resultados' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Desde una dirección web' }));
    await user.type(screen.getByRole('textbox', { name: 'Dirección' }), url);
    await user.click(screen.getByRole('button', { name: 'Importar' }));

    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      `No se puede importar el archivo de ${url} (127.0.0.1 loopback): solo se pueden importar direcciones http y https públicas.`,
    );
    expect(api.sent('POST', '/measurements/imports')[0]!.body).toEqual({ format: 'ripe-atlas', url });
  });

  it('lists the past imports, newest first, and shows one’s report when asked', async () => {
    api.get('/measurements/imports/result-import-bb', {
      ...pastImports[1],
      report: { ...pastImports[1]!.report!, refusals: [] },
    });
    const { user, router } = await renderScreen(<ResultImportsPage />, { path });

    const history = within(await screen.findByRole('table', { name: 'Past imports' }));
    const failed = (await history.findByText('https://files.example.net/speedtest.json')).closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(failed).toHaveTextContent(
      'The file at https://files.example.net/speedtest.json could not be downloaded (HTTP 404).',
    );
    const ripe = history.getByText('RIPE Atlas').closest('tr')!;
    expect(
      within(ripe)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.any(String), 'RIPE Atlas', 'File sent', 'Completed', '7', '4', '2', 'Show']);

    await user.click(within(ripe).getByRole('button', { name: /^Show the import of/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=result-import-bb'));
    const done = await screen.findByTestId('import-report');
    expect(within(done).getByRole('link', { name: 'ripe-atlas-1001' })).toBeInTheDocument();
    expect(within(ripe).getByText('Shown above')).toBeInTheDocument();
  });

  it('names the programs without a link for a profile that has no measurement search', async () => {
    signIn(api, testProfile({ rol: 'admin', layers: [{ id: 'probes_configuration' }] }));
    api.get(`/measurements/imports/${importId}`, { ...started, state: 'completed', report });
    await renderScreen(<ResultImportsPage />, { path, at: `${path}?id=${importId}` });

    const done = await screen.findByTestId('import-report');
    expect(within(done).getByText('m-lab-ndt7')).toBeInTheDocument();
    expect(within(done).queryByRole('link')).not.toBeInTheDocument();
  });
});
