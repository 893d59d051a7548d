import { describe, expect, it } from 'vitest';
import { chartEntityOf, seriesColour, seriesPalette } from './series-colours.ts';

describe('series colours', () => {
  it("draws a provider in its configured colour, as a breakdown by provider or by ISP (a provider's id)", () => {
    const orange = chartEntityOf({ provider: 'p-orange' }, { provider: '#ff7900' });
    expect(seriesColour(orange, 'Orange')).toBe('#ff7900');
    expect(chartEntityOf({ isp: 'p-orange' }).key).toBe(orange.key);
  });

  it('gives any other entity one palette colour by its id, whatever its name or place among the series', () => {
    const madrid = chartEntityOf({ campaign: 'c-madrid' });
    expect(seriesPalette).toContain(seriesColour(madrid, 'Madrid drive'));
    expect(seriesColour(madrid, 'Madrid drive')).toBe(seriesColour(chartEntityOf({ campaign: 'c-madrid' }), 'Renamed'));
    // A combination of breakdowns is the same whatever the order they were asked in, and has no configured colour.
    const both = chartEntityOf({ isp: 'p-orange', technology: 4 }, { isp: '#ff7900' });
    expect(both).toEqual(chartEntityOf({ technology: 4, provider: 'p-orange' }));
    expect(both.colour).toBeUndefined();
    // The whole selection takes the palette's first colour.
    expect(seriesColour(chartEntityOf({}), 'Download speed')).toBe(seriesPalette[0]);
    // Twelve campaigns are not drawn in one colour.
    const colours = Array.from({ length: 12 }, (_, index) =>
      seriesColour(chartEntityOf({ campaign: `c${index}` }), ''),
    );
    expect(new Set(colours).size).toBeGreaterThan(4);
  });
});
