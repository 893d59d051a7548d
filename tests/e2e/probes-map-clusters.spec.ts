import { expectMapDraws, type Rgb } from './map-pixels.ts';
import { collectConsoleErrors, logIn, screenshot } from './support.ts';
import { expect, test } from './test.ts';

// The probes map of a national panel: the server answers clusters past 500 probes in the area (stood in for here,
// 80,000 probes around Madrid), and the page asks again for the area the map shows once it has fitted them.

/** The colour of the Not ready state (features/maps/components/probe-layers.ts). */
const notReadyAmber: Rgb = [217, 119, 6];

/** 64 clusters on a grid around Madrid, 1,250 probes each: 60 of them ready or available, one not ready in each. */
const clusters = Array.from({ length: 64 }, (_, index) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-4.2 + (index % 8) * 0.14, 40.0 + Math.floor(index / 8) * 0.11] },
  properties: {
    kind: 'cluster',
    tile: `12/${2000 + (index % 8)}/${1500 + Math.floor(index / 8)}`,
    count: 1_250,
    worstState: 'Not ready',
    states: { Available: 1_000, Ready: 249, 'Not ready': 1 },
  },
}));

test('draws a national fleet as the server’s clusters, then asks for the area the map shows', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  const asked: URL[] = [];
  await page.route('**/api/probes/map**', (route) => {
    asked.push(new URL(route.request().url()));
    return route.fulfill({
      status: 200,
      json: {
        type: 'FeatureCollection',
        features: clusters,
        clustered: true,
        located: 80_000,
        withoutCoordinates: 15,
        bounds: { west: -4.2, south: 40.0, east: -3.22, north: 40.77 },
        warnings: [],
      },
    });
  });
  await logIn(page, 'admin');
  await page.goto('/probes-map');

  await expect(page.getByTestId('probes-in-view')).toHaveText(
    /^80,?000 probes in view, grouped where they are close together$/,
  );
  await expect(page.getByRole('list', { name: 'Probe status' })).toContainText(/Available\s*\(64,?000\)/);
  await expect(page.getByText('15 probes have no coordinates and are not on the map.')).toBeVisible();
  const map = page.getByTestId('kepler-map');
  // Each cluster is one dot in its worst state's colour, its count written on it.
  await expectMapDraws(page, map, notReadyAmber, 500);
  await screenshot(page, 'probes-map-clusters', test.info());

  // Fitted to the fleet, the map asks for what it shows: an area and a zoom, never the whole fleet again.
  await expect
    .poll(() => asked.filter((url) => url.searchParams.has('bbox')).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const areas = asked.filter((url) => url.searchParams.has('bbox'));
  const [west, south, east, north] = areas[0]!.searchParams.get('bbox')!.split(',').map(Number);
  expect([west! < -4.2, east! > -3.22, south! < 40.0, north! > 40.77]).toEqual([true, true, true, true]);
  expect(Number(areas[0]!.searchParams.get('zoom'))).toBeGreaterThanOrEqual(6);
  expect(errors).toEqual([]);
});
