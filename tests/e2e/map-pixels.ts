import { expect, type Locator, type Page } from './test.ts';

// What a map draws, read from its pixels: kepler.gl draws with WebGL, so its layers are checked by colour on screen.

export type Rgb = readonly [number, number, number];

/**
 * How many pixels of an element's screenshot are near a colour. The PNG is decoded by the page itself (a 2D canvas),
 * so the count is of what the user sees, WebGL layers included.
 */
export async function pixelsNear(page: Page, element: Locator, colour: Rgb, tolerance = 16) {
  const png = await element.screenshot();
  return page.evaluate(
    async ({ data, colour: [r, g, b], tolerance }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return -1;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let index = 0; index < pixels.length; index += 4)
        if (
          Math.abs((pixels[index] ?? 0) - r) <= tolerance &&
          Math.abs((pixels[index + 1] ?? 0) - g) <= tolerance &&
          Math.abs((pixels[index + 2] ?? 0) - b) <= tolerance
        )
          count++;
      return { count, total: pixels.length / 4 };
    },
    { data: png.toString('base64'), colour, tolerance },
  );
}

export const countOf = async (page: Page, element: Locator, colour: Rgb) => {
  const result = await pixelsNear(page, element, colour);
  return typeof result === 'number' ? result : result.count;
};

/**
 * Waits for a kepler map to draw at least `atLeast` pixels of a colour. A map's first drawing loads kepler.gl and
 * starts WebGL in software, which a busy 2-core machine can take a minute over; each look is a screenshot, itself
 * a frame to draw, so the looks are spaced out rather than back to back.
 */
export async function expectMapDraws(page: Page, map: Locator, colour: Rgb, atLeast: number) {
  await expect(map.locator('canvas').first()).toBeVisible({ timeout: 90_000 });
  await expect
    .poll(() => countOf(page, map, colour), { timeout: 90_000, intervals: [1_000, 2_000, 5_000] })
    .toBeGreaterThan(atLeast);
}
