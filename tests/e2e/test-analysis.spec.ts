import { readFileSync } from 'node:fs';
import { kpiById } from '@nq/contracts/measurements/kpis';
import type { TestAnalysisPrograms, TestAnalysisResults } from '@nq/contracts/measurements/test-analysis';
import { collectConsoleErrors, logIn, screenshot, signedApi } from './support.ts';
import { expect as baseExpect, test } from './test.ts';

/** The platform backfills the demo history while the test runs on a shared machine: answers may take a while. */
const expect = baseExpect.configure({ timeout: 20_000 });

type Api = Awaited<ReturnType<typeof signedApi>>;
const pageSize = 10;

/** A program as the English console names it (its translated name; the id of one it has no name for). */
const programNames: Record<string, string> = JSON.parse(
  readFileSync(new URL('../../console/src/locales/en/fleet.json', import.meta.url), 'utf8'),
).programs;
const programName = (id: string) => programNames[id] ?? id;

/**
 * A demo probe and the program it measured most up to `to`, with more results than a page: the demo fleet measures
 * continuously, so the window ends in the past and its numbers no longer change.
 */
async function busiestProgram(api: Api) {
  let found = { probeId: '', program: '', count: 0, to: '' };
  await expect
    .poll(
      async () => {
        const to = new Date(Date.now() - 30_000).toISOString();
        const probes = await api<{ list: { value: string }[] }>('GET', '/technologies/byProbe');
        for (const { value: probeId } of probes.list) {
          const programs = await api<TestAnalysisPrograms>('GET', `/test-analysis/${probeId}/programs?to=${to}`);
          for (const { program, count } of programs.list)
            if (count > found.count || found.to !== to) found = { probeId, program, count, to };
        }
        return found.count;
      },
      { timeout: 180_000, intervals: [5_000] },
    )
    .toBeGreaterThan(pageSize * 2);
  return found;
}

test.describe('test analysis', () => {
  test.use({ actionTimeout: 30_000 });
  test.setTimeout(300_000);

  test('a demo probe: its programs as the API counts them, a program’s results page by page, a result in detail', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    const api = await signedApi(page);
    const { probeId, program, to } = await busiestProgram(api);
    const programs = await api<TestAnalysisPrograms>('GET', `/test-analysis/${probeId}/programs?to=${to}`);
    const results = (query: string) =>
      api<TestAnalysisResults>('GET', `/test-analysis/${probeId}/programs/${program}/results?to=${to}&${query}`);
    const all = await results(`pageSize=${pageSize}&page=2`);
    const failed = await results('status=error');

    await page.goto(`/test_analysis?to=${encodeURIComponent(to)}&pageSize=${pageSize}`);
    // The first visit loads the screen's chunk while the platform is busy backfilling the demo history.
    await expect(page.getByRole('heading', { name: 'Test analysis', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Find a probe').fill(probeId);
    const probes = page.getByRole('list', { name: 'Probes found' });
    await probes.getByRole('button', { name: new RegExp(`^${probeId}\\b`) }).click();
    await expect(page).toHaveURL(new RegExp(`probe=${probeId}`));

    // Each program with the count the API gives for the same window.
    const programTable = page.getByRole('table', { name: 'Programs' });
    await expect(programTable.locator('tbody tr')).toHaveCount(programs.list.length);
    for (const { program: id, count } of programs.list)
      await expect(
        programTable
          .getByRole('row')
          .filter({ hasText: programName(id) })
          .first(),
      ).toContainText(count.toLocaleString('en'));
    await programTable.getByRole('button', { name: programName(program), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`program=${program}`));

    const table = page.getByRole('table', { name: 'Results' });
    await expect(page.getByText(`${all.count.toLocaleString('en')} in total`)).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(pageSize);
    const pages = Math.ceil(Math.min(all.count, 10_000) / pageSize);
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(page.getByTestId('graphic-chart')).toBeVisible();
    // The shell scrolls its content inside the window: a tall window shows the whole screen in one picture.
    await page.setViewportSize({ width: 1280, height: 2000 });
    await screenshot(page, 'test-analysis-en', test.info());

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
    // Page 1 stays shown while page 2 loads.
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(pageSize, all.count - pageSize));

    // The first result of page 2 opens the measurement detail (the administrator has measurement analysis).
    await table.locator('tbody tr').first().getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`/measurementAnalysis/detail/${all.list[0]!.measurementId}$`));
    await expect(page.getByRole('heading', { name: 'Measurement detail', level: 1 })).toBeVisible();
    await expect(page.locator('[data-section]')).toHaveText(all.list[0]!.status);
    await screenshot(page, 'test-analysis-detail-en', test.info());
    await page.getByRole('link', { name: /Back to the test analysis/ }).click();
    await expect(page).toHaveURL(/\/test_analysis\?.*page=2/);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();

    // Only the failed results, counted as the API counts them; back to page 1.
    await page.getByLabel('Status').selectOption('error');
    await expect(page).toHaveURL(/status=error/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText(`${failed.count.toLocaleString('en')} in total`)).toBeVisible();
    await page.getByLabel('Status').selectOption('');

    await page.getByTestId('language-switch').selectOption('es');
    await expect(page.getByRole('heading', { name: 'Análisis de pruebas', level: 1 })).toBeVisible();
    await expect(page.getByText(`${all.count.toLocaleString('es')} en total`)).toBeVisible();
    const firstKpi = kpiById.get(all.kpis[0]!.id)!;
    await expect(
      page.getByRole('table', { name: 'Resultados' }).getByRole('columnheader', {
        name: `${firstKpi.label.es} (${firstKpi.unit})`,
      }),
    ).toBeVisible();
    await screenshot(page, 'test-analysis-es', test.info());
    await page.getByTestId('language-switch').selectOption('en');
    expect(errors).toEqual([]);
  });
});
