import { countOf, expectMapDraws, pixelsNear, type Rgb } from './map-pixels.ts';
import { downloadResult, registerProbe, uniqueProbeId, waitForIngest } from './probe-results.ts';
import { collectConsoleErrors, logIn, openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, type Locator, test } from './test.ts';

// Analysis screens: the probes map and maps (kepler.gl, WebGL through SwiftShader), evolution (the chart layer, SVG), measurement
// analysis and settings history, against the demo platform whose 12-probe fleet streams results during the run.

/** Colours the console draws with (features/maps): the Available status, and the shipped country outlines' fill. */
const availableGreen: Rgb = [22, 163, 74];
const outlineFill: Rgb = [248, 250, 252];
/** The offline base map's boundary lines of the demo region (features/maps/kepler/map-layers.ts). */
const contextBoundary: Rgb = [100, 116, 139];

test.describe('probes map', () => {
  test('draws the probes in their status colour over the country outlines; the table lists them', async ({ page }) => {
    test.setTimeout(240_000);
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/probes-map');
    await expect(page.getByRole('heading', { name: 'Probes map', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Map', selected: true })).toBeVisible();
    const legend = page.getByRole('list', { name: 'Probe status' });
    await expect(legend).toContainText(/Available\s*\(\d+\)/);

    const map = page.getByTestId('kepler-map');
    // The layer colour shows on screen (the probes), and the base layer's light fill (no tiles are fetched).
    await expectMapDraws(page, map, availableGreen, 200);
    const green = await pixelsNear(page, map, availableGreen);
    if (typeof green === 'number') throw new Error('no 2D canvas');
    expect(green.count).toBeLessThan(green.total / 4);
    expect(await countOf(page, map, outlineFill)).toBeGreaterThan(green.total / 4);
    await screenshot(page, 'probes-map', test.info());

    await page.getByRole('tab', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Table' });
    // Found by the server: other tests add probes to the shared platform, past the table's first page.
    await page.getByLabel('Search').fill('Salamanca');
    await expect(table.getByRole('row', { name: /Madrid Salamanca fibre/ })).toContainText('probe001');
    await expect(table.getByRole('row', { name: /Madrid Salamanca fibre/ })).toContainText('Available');
    await page.getByLabel('Search').fill('simdemo1');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Madrid landline Vodafone simdemo1');
    await screenshot(page, 'probes-map-table', test.info());
    expect(errors).toEqual([]);
  });
  test('says when there are no probes, none located (counted, and listed on request), or when they cannot be loaded', async ({
    page,
  }) => {
    // Each state is the page's reading of an answer of GET /api/probes/map, stood in for here, as is the table's page
    // of GET /probes/status.
    let answer: { status: number; json: unknown } = { status: 200, json: {} };
    await page.route('**/api/probes/map**', (route) => route.fulfill(answer));
    const unlocated = {
      probeId: 'nogps1',
      name: 'No GPS',
      type: 'landline',
      status: 'Ready',
      state: null,
      lastReportAt: null,
      technology: null,
      operator: null,
      battery: null,
      position: null,
    };
    await page.route('**/probes/status?**', (route) =>
      route.fulfill({
        status: 200,
        json: {
          list: new URL(route.request().url()).searchParams.get('located') === 'false' ? [unlocated] : [],
          count: 1,
          page: 1,
          pageSize: 25,
        },
      }),
    );
    const nothingLocated = (withoutCoordinates: number) => ({
      status: 200,
      json: {
        type: 'FeatureCollection',
        features: [],
        clustered: false,
        located: 0,
        withoutCoordinates,
        bounds: null,
        warnings: [],
      },
    });
    await logIn(page, 'admin');

    answer = nothingLocated(0);
    await page.goto('/probes-map');
    await expect(page.getByRole('status').filter({ hasText: 'There are no probes to show.' })).toBeVisible();

    answer = nothingLocated(1);
    await page.goto('/probes-map');
    await expect(page.getByText('None of the probes has a GPS position to show on the map.')).toBeVisible();
    await expect(page.getByText('1 probe has no coordinates and is not on the map.')).toBeVisible();
    await page.getByRole('button', { name: 'List them' }).click();
    await expect(page.getByRole('tab', { name: 'Table', selected: true })).toBeVisible();
    await expect(page.getByRole('row', { name: /nogps1/ })).toContainText('No coordinates');

    answer = { status: 500, json: { code: 'internal.error', message: 'boom' } };
    await page.goto('/probes-map');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load the probes map.' })).toBeVisible({
      timeout: 15_000,
    });
  });
});

test.describe('maps', () => {
  test('shows the KPI per cell on the map, its results and raw points with their detail', async ({ page }) => {
    test.setTimeout(240_000);
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    // Coming from another map: the second map gets its data although the outlines are already loaded.
    await page.goto('/probes-map');
    await expect(page.getByTestId('kepler-map').locator('canvas').first()).toBeVisible({ timeout: 90_000 });
    await page.getByRole('link', { name: 'Maps', exact: true }).click();
    // Software WebGL drawing the probes map holds the page's only thread for seconds on a busy machine.
    await expect(page.getByRole('heading', { name: 'Maps', level: 1 })).toBeVisible({ timeout: 45_000 });
    await page.getByLabel('KPI').selectOption('download');
    await page.getByRole('button', { name: 'Show map' }).click();
    // Six weeks of the demo's points binned into cells: over 30 s on a 2-core machine that also ran a CPU hog and
    // other tests (the button stays disabled while the query runs).
    await expect(page.getByText(/\d+ samples in \d+ cells/)).toBeVisible({ timeout: 120_000 });

    // The quality palette draws the best cells of a higher-is-better KPI green.
    const map = page.getByTestId('kepler-map');
    await expectMapDraws(page, map, availableGreen, 100);
    await screenshot(page, 'maps-graphic', test.info());

    await page.getByRole('tab', { name: 'Results' }).click();
    const results = page.getByRole('table', { name: 'Results' });
    await expect(results.getByRole('row').nth(1)).toContainText(/^\d+\/\d+\/\d+/);
    await expect(results).toContainText('Mbps');
    await screenshot(page, 'maps-results', test.info());

    await page.getByRole('tab', { name: 'Raw data' }).click();
    const raw = page.getByRole('table', { name: 'Raw data' });
    await expect(raw.getByRole('row').nth(1)).toContainText(/simdemo|probe/);
    await raw.getByRole('row').nth(1).click();
    const detail = page.getByRole('dialog', { name: 'Measurement detail' });
    // Each column under the measurement detail's label; the KPI by its name, never a field key.
    await expect(detail).toContainText('Test type');
    await expect(detail).toContainText('Download speed');
    await expect(detail).not.toContainText(/measurementId|technologyLabel/);
    await screenshot(page, 'maps-raw-detail', test.info());
    await detail.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  });

  test('says what keeps a map from showing: no palette, no results, a campaign without polygon, too many samples', async ({
    page,
  }) => {
    const api = await signedApi(page);
    const campaign = uniqueName('No polygon');
    await api('POST', '/api/campaigns-management/', {
      name: campaign,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-12-31T00:00:00.000Z',
    });
    await openSignedIn(page, '/maps');

    await page.getByLabel('Colour palette').selectOption('');
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page.getByText('Select a colour palette.')).toBeVisible();
    await page.getByLabel('Colour palette').selectOption('blues');

    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page.getByText('No results found for the requested filters')).toBeVisible();

    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('Campaign').selectOption({ label: campaign });
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Campaign has not defined polygon' })).toBeVisible();
    await screenshot(page, 'maps-campaign-without-polygon', test.info());

    // The demo's sample limit (50,000) is far above what a run produces: the count answer is stood in for here.
    await page.route(
      (url) => url.pathname === '/maps' && url.searchParams.get('count') === 'true',
      (route) =>
        route.fulfill({
          json: {
            total: 60_000,
            limit: 50_000,
            warnings: [{ code: 'maps.sampleLimitExceeded', message: 'over the limit' }],
          },
        }),
    );
    await page.getByLabel('Campaign').selectOption('');
    await page.getByRole('button', { name: 'Show map' }).click();
    // The message names the limit as the language writes numbers and says how to narrow the selection.
    await expect(
      page.getByText(
        'The selection has more samples than the map can show (50,000). To see the map, narrow it: fewer days or ' +
          'hours, a smaller campaign or fewer probes.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('kepler-map')).toHaveCount(0);
    await screenshot(page, 'maps-sample-limit', test.info());
  });

  test('narrows the map to hours of the day: a window without measurements, then the current hour at city zoom', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/maps');
    await page.getByLabel('KPI').selectOption('latency');
    // The demo campaign: the map opens on its centre at city zoom.
    await page.getByLabel('Campaign').selectOption({ label: 'Madrid drive test 2026' });
    // The hours are the measurement's local ones. Days after tomorrow hold nothing yet (the demo's history ends at its
    // start); days from yesterday to tomorrow (UTC) hold today in any profile time zone, and the hours around now the
    // results the fleet sends during this run.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(day(2));
    await page.getByLabel('To', { exact: true }).fill(day(3));
    const hour = new Date().getUTCHours();
    const at = (offset: number) => String((hour + offset + 24) % 24);
    await page.getByLabel('From hour').selectOption(at(6));
    await page.getByLabel('To hour').selectOption(at(8));
    const counted = page.waitForRequest((request) => request.url().includes('/maps?count=true'));
    await page.getByRole('button', { name: 'Show map' }).click();
    expect((await counted).postDataJSON()).toMatchObject({
      tsStart: day(2),
      tsEnd: day(3),
      hourStart: Number(at(6)),
      hourEnd: Number(at(8)),
    });
    await expect(page.getByText('No results found for the requested filters')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill(day(-1));
    await page.getByLabel('To', { exact: true }).fill(day(1));

    // From the hour before to two hours after (a window across midnight wraps).
    await page.getByLabel('From hour').selectOption(at(-1));
    await page.getByLabel('To hour').selectOption(at(2));
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page.getByText(/\d+ samples in \d+ cells/)).toBeVisible({ timeout: 30_000 });
    const map = page.getByTestId('kepler-map');
    // At city zoom the offline base map shows the region (municipal boundaries; the place names are in the
    // screenshot: anti-aliased text has no one colour to count), not dots on white.
    await expectMapDraws(page, map, contextBoundary, 300);
    await expect(page.getByText(/Instituto Geográfico Nacional.*GeoNames/)).toBeVisible();
    await screenshot(page, 'maps-hours-city-zoom', test.info());
    expect(errors).toEqual([]);
  });
});

/** The paths the chart layer drew (SVG): their stroke, fill and how many separate pieces (moves) each has. */
const drawnPaths = (chart: Locator) =>
  chart
    .getByTestId('chart-drawing')
    .locator('svg')
    .first()
    .evaluate((svg) =>
      [...svg.querySelectorAll('path')].map((path) => ({
        stroke: (path.getAttribute('stroke') ?? 'none').toLowerCase(),
        fill: (path.getAttribute('fill') ?? 'none').toLowerCase(),
        moves: (path.getAttribute('d') ?? '').match(/M/g)?.length ?? 0,
      })),
    );

/** The colour of each series of a chart's legend (its swatch), as `#rrggbb`. */
const seriesColours = (legend: Locator) =>
  legend.getByRole('button', { name: /^Change the colour of / }).evaluateAll((swatches) =>
    swatches.map((swatch) => {
      const [red = 0, green = 0, blue = 0] = (getComputedStyle(swatch).backgroundColor.match(/\d+/g) ?? []).map(Number);
      return `#${[red, green, blue].map((part) => part.toString(16).padStart(2, '0')).join('')}`;
    }),
  );

test.describe('evolution', () => {
  test('draws download per ISP by the minute, then per ISP and technology with averages', async ({ page }) => {
    test.setTimeout(240_000);
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/evolution');
    await expect(page.getByRole('heading', { name: 'Evolution', level: 1 })).toBeVisible();
    await page.getByLabel('KPI').selectOption('download');
    await page.getByLabel('Granularity').selectOption('minutes');
    // Yesterday and today: the demo's history then the minutes the fleet sends during the run.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(day(-1));
    await page.getByLabel('To', { exact: true }).fill(day(0));
    await page.getByLabel('Breakdown 1').selectOption('isp');
    // The chart refreshes every 30 s while the fleet streams results: wait for at least two minutes of data.
    await page.getByLabel('Refresh').selectOption({ label: '30 s' });
    const chart = page.getByTestId('evolution-chart');
    await expect(page.getByRole('heading', { name: 'Download speed — Average' })).toBeVisible();
    await chart.getByText('Data table').click();
    const rows = chart.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 150_000, intervals: [5_000] }).toBeGreaterThanOrEqual(3);
    // A line needs two minutes of one ISP: the refresh brings them.
    await expect
      .poll(() => drawnPaths(chart).then((paths) => paths.some((path) => path.fill === 'none' && path.moves > 0)), {
        timeout: 90_000,
      })
      .toBe(true);
    for (const isp of ['Movistar', 'Vodafone'])
      await expect(chart.getByRole('columnheader', { name: isp })).toBeVisible();
    await expect(rows.nth(1)).toContainText('Mbps');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'evolution-lines', test.info());

    await page.getByLabel('Chart').selectOption('bars');
    await expect(chart.getByTestId('chart-drawing')).toHaveAccessibleDescription(/bar chart/);
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'evolution-bars', test.info());

    // ISP then technology, with a 2-minute moving average and the global average beside each series.
    await page.getByLabel('Chart').selectOption('line');
    await expect(page.getByLabel('Breakdown 3')).toBeDisabled();
    await page.getByLabel('Breakdown 2').selectOption('technology');
    await expect(page.getByLabel('Breakdown 2').locator('option[value="isp"]')).toHaveCount(0);
    const windowField = page.getByLabel('Moving average (buckets)');
    await windowField.fill('2');
    // The chart of every pair redraws as the window changes: the box is checked once the page takes the click.
    await page.getByLabel('Global average').click();
    await expect(page.getByLabel('Global average')).toBeChecked();
    // Which ISP and technology pairs have results yet depends on what the fleet has sent: take the first one shown.
    const pair = chart
      .getByRole('columnheader', { name: /^(Movistar|Vodafone|Orange|Digi) · (?![^·]*average)[^·]+$/ })
      .first();
    await expect(pair).toBeVisible({ timeout: 30_000 });
    const series = (await pair.textContent())!.trim();
    await expect(chart.getByRole('columnheader', { name: `${series} · global average`, exact: true })).toBeVisible();
    // A moving average needs two buckets of a series: some pair has them by now.
    await expect(chart.getByRole('columnheader', { name: / · moving average \(2\)$/ }).first()).toBeVisible({
      timeout: 60_000,
    });
    await expect(rows.nth(1)).toContainText('Mbps');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'evolution-nested-breakdowns', test.info());
    // A window the API would refuse is not sent.
    await windowField.fill('101');
    await expect(page.getByText('The value must be between 2 and 100.')).toBeVisible();
    await windowField.fill('');
    await expect(windowField).toHaveValue('');

    const [from, to] = [page.getByLabel('From', { exact: true }), page.getByLabel('To', { exact: true })];
    await from.fill('2020-01-01');
    await expect(from).toHaveValue('2020-01-01');
    await to.fill('2020-01-02');
    await expect(to).toHaveValue('2020-01-02');
    await expect(from).toHaveValue('2020-01-01');
    // A query of the new period: on a loaded machine it took over the default 10 s.
    await expect(page.getByText('No data for selected values')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Refresh').selectOption({ label: 'off' });
    expect(errors).toEqual([]);
  });

  test('draws months of data on a time axis with gaps, series named after their campaign and probe', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = collectConsoleErrors(page);
    const api = await signedApi(page);
    // Two probes in a campaign of their own (over Seville, away from the demo's Madrid), measuring on a few days
    // months apart: the axis must place them by time and leave the missing days out.
    const seville = { lon: -5.9845, lat: 37.3891 };
    const campaign = uniqueName('Seville drive');
    await api('POST', '/api/campaigns-management/', {
      name: campaign,
      startDate: '2024-01-01T00:00:00.000Z',
      endDate: '2025-12-31T23:59:59.000Z',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [seville.lon - 0.05, seville.lat - 0.05],
            [seville.lon + 0.05, seville.lat - 0.05],
            [seville.lon + 0.05, seville.lat + 0.05],
            [seville.lon - 0.05, seville.lat + 0.05],
            [seville.lon - 0.05, seville.lat - 0.05],
          ],
        ],
      },
    });
    // Ingest enriches with the campaigns its read models show, reloaded at most every second after a change: the
    // results are sent once the campaign is listed, and that second has passed.
    await expect
      .poll(
        async () =>
          (
            await api<{ list: { name: string }[] }>(
              'GET',
              `/api/campaigns-management/?q=${encodeURIComponent(campaign)}`,
            )
          ).list.length,
        { timeout: 60_000 },
      )
      .toBe(1);
    await page.waitForTimeout(2_000);
    const days = ['2024-01-10', '2024-01-11', '2024-01-12', '2024-06-03', '2025-05-20', '2025-05-21'];
    const probes = [uniqueName('Triana landline'), uniqueName('Nervión landline')].map((name, index) => ({
      probeId: uniqueProbeId(`seville${index}`),
      name,
    }));
    for (const [index, probe] of probes.entries()) {
      const send = await registerProbe(page, api, {
        ...probe,
        family: 'Cube',
        type: 'landline',
        status: 'Available',
        country: 'Spain',
        town: 'Seville',
        latitude: seville.lat,
        longitude: seville.lon,
      });
      await send(
        days.map((day, step) =>
          downloadResult(probe.probeId, `${day}T10:00:00.000Z`, 120 + 10 * index + step, { location: seville }),
        ),
      );
      await waitForIngest(api, probe.probeId, days.length);
    }

    await openSignedIn(page, '/evolution');
    await page.getByLabel('KPI').selectOption('download');
    await page.getByLabel('Granularity').selectOption('day');
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByLabel('To', { exact: true }).fill('2025-06-30');
    await page.getByLabel('Breakdown 1').selectOption('campaign');
    await page.getByLabel('Breakdown 2').selectOption('probe');
    const chart = page.getByTestId('evolution-chart');
    const legend = chart.getByRole('list', { name: 'Series' });
    // Series in the order of their keys: the campaign, then the probe ids (seville0…, seville1…).
    const names = probes.map((probe) => `${campaign} · ${probe.name}`);
    await expect(legend.getByRole('listitem')).toHaveText(names, { timeout: 30_000 });
    await expect(legend).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);

    // A time axis: ticks spread over the months of the range, in order, in the user's language.
    const drawing = chart.getByTestId('chart-drawing').locator('svg').first();
    const monthTicks = async () =>
      (await drawing.locator('text').allTextContents()).filter((text) => /^[A-Z][a-z]{2} 20\d\d$/.test(text));
    // The legend can show before the axis is laid out (another drawing frame on a busy machine): wait for the ticks.
    await expect.poll(async () => (await monthTicks()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    const ticks = await monthTicks();
    expect(new Set(ticks).size).toBe(ticks.length);
    for (const tick of ticks) expect(tick).toMatch(/^[A-Z][a-z]{2} 20(24|25)$/);
    expect(ticks[0]).toContain('2024');
    expect(ticks.at(-1)).toContain('2025');
    // Missing days are gaps: each probe's line (a stroke in its colour, as its legend entry shows it) breaks between
    // January, June and May of the next year.
    const colours = await seriesColours(legend);
    expect(colours).toHaveLength(2);
    const lines = (await drawnPaths(chart)).filter((path) => path.fill === 'none' && colours.includes(path.stroke));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.moves).toBeGreaterThanOrEqual(2);
    // Values read without their unit, which is the axis title.
    const texts = await drawing.locator('text').allTextContents();
    expect(texts.filter((text) => text === 'Mbps')).toHaveLength(1);
    expect(texts.filter((text) => /\d.*Mbps/.test(text))).toEqual([]);
    // The legend stays in its box: between the chart and the data table's toggle, overlapping neither.
    const plot = (await chart.getByTestId('chart-drawing').boundingBox())!;
    const legendBox = (await legend.boundingBox())!;
    const toggle = (await chart.getByText('Data table').boundingBox())!;
    expect(legendBox.y).toBeGreaterThanOrEqual(plot.y + plot.height);
    expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(toggle.y);
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'evolution-months-two-breakdowns', test.info());
    // Bars stand on the same time axis, one group per day measured.
    await page.getByLabel('Chart').selectOption('bars');
    const bars = async () =>
      (await drawnPaths(chart)).filter((path) => path.stroke === 'none' && colours.includes(path.fill));
    await expect.poll(async () => (await bars()).length).toBe(2 * days.length);
    expect(await monthTicks()).toEqual(ticks);
    await screenshot(page, 'evolution-months-bars', test.info());
    expect(errors).toEqual([]);
  });
});

test.describe('measurement analysis', () => {
  test('searches the measurements by result section, technology and ISP, and opens one in detail', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/measurementAnalysis');
    await expect(page.getByRole('heading', { name: 'Measurement analysis', level: 1 })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Finished' }).check();
    await page.getByLabel('Test type').selectOption('http-download');
    // The demo fleet's WiFi 5 GHz landlines are on Vodafone, Movistar, Orange and Digi.
    await page.getByRole('checkbox', { name: 'WiFi 5 GHz' }).check();
    // ISPs are providers, picked by name and sent by id; the table shows the names the probes reported.
    const isps = page.getByLabel('ISPs', { exact: true });
    await isps.selectOption([{ label: 'Movistar' }, { label: 'Vodafone' }]);
    const picked = await isps.evaluate((select: HTMLSelectElement) =>
      [...select.selectedOptions].map((option) => option.value),
    );
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/statuses=Finished/);
    await expect(page).toHaveURL(/technologies=100&?/);
    await expect(page).toHaveURL(new RegExp(`isps=${picked.join('%2C')}`));
    const table = page.getByRole('table', { name: 'Measurements' });
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText('HTTP download');
    const column = (index: number) => table.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
    await expect.poll(async () => [...new Set(await column(5))]).toEqual(['WiFi 5 GHz']);
    expect((await column(6)).filter((isp) => isp !== 'Movistar' && isp !== 'Vodafone')).toEqual([]);
    await expect(table.locator('[data-section]').first()).toHaveText('Finished');
    await expect(table.locator('[data-section]:not([data-section="Finished"])')).toHaveCount(0);
    await expect(page.getByText(/\d+ in total/)).toBeVisible();
    await screenshot(page, 'measurement-search', test.info());

    const probeId = (await first.getByRole('cell').nth(1).textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/measurementAnalysis\/detail\//);
    await expect(page.getByRole('heading', { name: 'Measurement detail', level: 1 })).toBeVisible();
    await expect(page.locator('[data-section]')).toHaveText('Finished');
    await expect(page.getByText('The test finished and its results were recorded.')).toBeVisible();
    await expect(
      page
        .getByRole('term')
        .filter({ hasText: /^Probe$/ })
        .locator('xpath=..'),
    ).toContainText(probeId);
    const results = page.getByRole('table', { name: 'Results' });
    await expect(results.getByRole('row', { name: /Download speed/ })).toContainText('Mbps');
    await screenshot(page, 'measurement-detail', test.info());

    await page.getByRole('link', { name: /Back to the search/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Finished' })).toBeChecked();
    await expect(page.getByLabel('Test type')).toHaveValue('http-download');
    await expect(page.getByRole('checkbox', { name: 'WiFi 5 GHz' })).toBeChecked();
    await expect(page.getByLabel('ISPs', { exact: true })).toHaveValues(picked);
    expect(errors).toEqual([]);
  });

  test('counts every measurement found, past the first 10,000 that pages reach', async ({ page }) => {
    test.setTimeout(300_000);
    const api = await signedApi(page);
    // One probe's results, a minute apart in 2023 (outside what the other screens look at), without a location.
    const probeId = uniqueProbeId('count');
    const send = await registerProbe(page, api, {
      probeId,
      name: `Counted probe ${probeId}`,
      family: 'Cube',
      type: 'landline',
      status: 'Available',
    });
    const total = 10_050;
    const start = Date.parse('2023-03-01T00:00:00.000Z');
    await send(
      Array.from({ length: total }, (_, index) =>
        downloadResult(probeId, new Date(start + index * 60_000).toISOString(), 50 + (index % 40)),
      ),
    );
    await waitForIngest(api, probeId, total);

    await openSignedIn(page, `/measurementAnalysis?probes=${probeId}`);
    await expect(page.getByRole('table', { name: 'Measurements' }).getByRole('row').nth(1)).toContainText(probeId);
    await expect(page.getByText('10,050 in total')).toBeVisible();
    // Pages reach the first 10,000 (400 of 25), and the page says so.
    await expect(page.getByText('Page 1 of 400')).toBeVisible();
    await expect(
      page.getByText('Pages reach the first 10,000 results: narrow the search to see the rest.'),
    ).toBeVisible();
    await page.getByText('10,050 in total').scrollIntoViewIfNeeded();
    await screenshot(page, 'measurement-search-past-10000', test.info());
    await page.getByTestId('language-switch').selectOption('es');
    await expect(page.getByText('10.050 en total')).toBeVisible();
    await page.getByTestId('language-switch').selectOption('en');
  });

  test('a measurement that does not exist says so', async ({ page }) => {
    await openSignedIn(page, '/measurementAnalysis/detail/no-such-measurement');
    await expect(page.getByRole('alert').filter({ hasText: 'The measurement does not exist.' })).toBeVisible();
  });
});

test.describe('settings history', () => {
  test('shows a tag’s changes as diffs and its state before the rename', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const api = await signedApi(page);
    const name = uniqueName('history tag');
    const { id } = await api<{ id: string }>('POST', '/tags/', { name });
    await api('PUT', `/tags/${id}`, { name: `${name} renamed` });
    // Lists read a projection: wait until it shows the rename (the browser's session did not make the write).
    await expect
      .poll(async () => (await api<{ list: { name: string }[] }>('GET', `/tags/?q=${encodeURIComponent(name)}`)).list)
      .toEqual([expect.objectContaining({ name: `${name} renamed` })]);

    await openSignedIn(page, '/settings_history');
    await expect(page.getByRole('heading', { name: 'Settings history', level: 1 })).toBeVisible();
    await page.getByLabel('Kind of setting').selectOption('tag');
    await page.getByLabel('Find by name').fill(name);
    await page
      .getByRole('list', { name: 'Matching settings' })
      .getByRole('button', { name: `${name} renamed` })
      .click();

    const changes = page.getByRole('list', { name: 'Changes' });
    const rename = changes.locator('[data-version="2"]');
    await expect(rename).toContainText('Changed');
    await expect(rename).toContainText('admin@demo.nq (Administrator)');
    await expect(rename.getByRole('row', { name: /^Name/ })).toContainText(name);
    await expect(rename.getByRole('row', { name: /^Name/ })).toContainText(`${name} renamed`);
    const creation = changes.locator('[data-version="1"]');
    await expect(creation).toContainText('Created');
    await expect(creation.getByRole('row', { name: /^Record status/ })).toContainText('active');
    await expect(page.getByTestId('state-as-of')).toContainText('active, version 2.');

    await creation.getByRole('button', { name: 'State after this change' }).click();
    const state = page.getByTestId('state-as-of');
    await expect(state).toContainText('active, version 1.');
    await expect(state.locator('dl')).toContainText(name);
    await expect(state.locator('dl')).not.toContainText('renamed');
    await screenshot(page, 'settings-history', test.info());
    expect(errors).toEqual([]);

    // Before its first event the tag did not exist yet: said so, with no fields.
    await page.getByLabel('As of').fill('2020-01-01T00:00');
    await page.getByRole('button', { name: 'Show state' }).click();
    await expect(state).toContainText('it did not exist yet, version 0.');
    await expect(state.locator('dl')).toHaveCount(0);
  });

  test('names what a change refers to, with the form’s labels and readable values, in Spanish and English', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const api = await signedApi(page);
    const providerId = async (name: string) =>
      (await api<{ list: { id: string }[] }>('GET', `/api/providers?q=${name}`)).list[0]!.id;
    const [movistar, vodafone] = [await providerId('Movistar'), await providerId('Vodafone')];
    const { id } = await api<{ id: string }>('POST', '/api/cdns', {
      name: uniqueName('history CDN'),
      url: 'https://cdn.example.net/100MB.bin',
      type: 'download',
      size: 100,
      provider: movistar,
      location: { latitude: 40.4168, longitude: -3.7038 },
      technologies: [{ technology: 4, trigger: 0.5, size: 10 }],
    });
    await api('PUT', `/api/cdns/${id}`, { provider: vodafone, status: 'Inactive' });

    await logIn(page, 'admin');
    await page.getByTestId('language-switch').selectOption('es');
    await page.goto(`/settings_history?kind=cdn&id=${id}`);
    const changes = page.getByRole('list', { name: 'Cambios' });
    const update = changes.locator('[data-version="2"]');
    await expect(update).toContainText('Cambio');
    await expect(update).toContainText('admin@demo.nq (Administrator)');
    const provider = update.getByRole('row', { name: /^Proveedor/ });
    await expect(provider).toContainText('Movistar');
    await expect(provider).toContainText('Vodafone');
    await expect(update.getByRole('row', { name: /^Estado/ })).toContainText('ActivaInactiva');
    const creation = changes.locator('[data-version="1"]');
    await expect(creation).toContainText('Creación');
    await expect(creation.getByRole('row', { name: /^Ubicación/ })).toContainText('Latitud: 40,4168');
    const technologies = creation.getByRole('row', { name: /^Tecnologías/ });
    await expect(technologies).toContainText('1. ');
    await expect(technologies).toContainText('Tecnología: 4G');
    await expect(technologies).toContainText('Disparo: 0,5');
    await expect(creation.getByRole('row', { name: /^Tamaño/ })).toContainText('100');
    const state = page.getByTestId('state-as-of');
    await expect(state).toContainText('activa, versión 2.');
    await expect(state.locator('dl')).toContainText('Vodafone');
    // Never an id, a field key or JSON.
    for (const shown of [changes, state]) {
      await expect(shown).not.toContainText(movistar);
      await expect(shown).not.toContainText(vodafone);
      await expect(shown).not.toContainText(/[{}"]|httpHeaders|latitude|CdnUpdated/);
    }
    await screenshot(page, 'settings-history-es', test.info());

    await page.getByTestId('language-switch').selectOption('en');
    const changesInEnglish = page.getByRole('list', { name: 'Changes' });
    const updateInEnglish = changesInEnglish.locator('[data-version="2"]');
    await expect(updateInEnglish).toContainText('Changed');
    await expect(updateInEnglish.getByRole('row', { name: /^Provider/ })).toContainText('Vodafone');
    await expect(updateInEnglish.getByRole('row', { name: /^Status/ })).toContainText('ActiveInactive');
    await expect(changesInEnglish.locator('[data-version="1"]').getByRole('row', { name: /^Location/ })).toContainText(
      'Latitude: 40.4168',
    );
    await screenshot(page, 'settings-history-en', test.info());
    expect(errors).toEqual([]);
  });
});
