import { vi } from 'vitest';

/** How wide a browser draws text: this share of the font size per character (a sans-serif's digits and letters). */
const widthPerFontSize = 0.6;
const cssWideKeywords = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer', 'default']);

/**
 * Whether a browser takes `font` as a canvas context's font: a CSS `font` shorthand whose families are fonts. A
 * browser ignores any other value, the context keeping the font it had.
 */
function isCanvasFont(font: string) {
  const parts =
    /^\s*(?:(?:normal|italic|oblique|small-caps|bold|bolder|lighter|[1-9]00)\s+)*\d+(?:\.\d+)?px(?:\s*\/\s*\S+)?\s+(.+)$/.exec(
      font,
    );
  return (
    parts !== null &&
    parts[1]!.split(',').every((family) => family.trim() !== '' && !cssWideKeywords.has(family.trim().toLowerCase()))
  );
}

const fontSizeOf = (font: string) => Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 10);

/** How wide a browser draws `text` in a font of `fontSize` pixels. */
export const drawnTextWidth = (text: string, fontSize: number) => text.length * fontSize * widthPerFontSize;

/** A 2D canvas context measuring text as a browser does (happy-dom has none: ECharts would guess from the font size). */
function browserLikeContext() {
  let font = '10px sans-serif';
  return {
    get font() {
      return font;
    },
    set font(value: string) {
      if (isCanvasFont(value)) font = value;
    },
    measureText: (text: string) => ({ width: drawnTextWidth(text, fontSizeOf(font)) }),
  };
}

/**
 * Lays charts out as a browser would, for a test to check where their texts fall: each chart's drawing box
 * (`chart-drawing`) `width` pixels wide and as high as its or its nearest sized ancestor's style says, and text
 * measured in a canvas as a browser measures it. Call before the first chart of the file is drawn (ECharts keeps the
 * first canvas context it gets).
 */
export function layOutCharts({ width }: { width: number }) {
  const isDrawing = (element: Element) => element instanceof HTMLElement && element.dataset.testid === 'chart-drawing';
  const styledHeight = (element: Element | null): number => {
    for (let at = element; at; at = at.parentElement) {
      const height = at instanceof HTMLElement ? Number.parseFloat(at.style.height) : Number.NaN;
      if (Number.isFinite(height)) return height;
    }
    return 0;
  };
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isDrawing(this) ? width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isDrawing(this) ? styledHeight(this) : 0;
  });
  const context = browserLikeContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
}

/** A text of a chart's SVG drawing: what it reads, and where a browser draws it across the drawing. */
export interface DrawnText {
  text: string;
  /** Where it is anchored across the drawing, and how (start, middle, end). */
  x: number;
  anchor: string;
  /** Turned a quarter (an axis name beside a vertical axis): its width across is its height. */
  turned: boolean;
  left: number;
  right: number;
}

/** An SVG element's transform as the matrix [a, b, c, d, e, f] (ECharts writes a translation or a matrix). */
function matrixOf(transform: string): number[] {
  const matrix = /matrix\(([^)]*)\)/.exec(transform);
  if (matrix) return matrix[1]!.split(/[\s,]+/).map(Number);
  const [x = 0, y = 0] = (/translate\(([^)]*)\)/.exec(transform)?.[1] ?? '').split(/[\s,]+/).map(Number);
  return [1, 0, 0, 1, x || 0, y || 0];
}

/** Every text of a chart's drawing (the SVG ECharts draws in `drawing`), placed as a browser draws it. */
export function drawnTexts(drawing: Element): DrawnText[] {
  return [...drawing.querySelectorAll('svg text')].map((element) => {
    const text = element.textContent ?? '';
    const [a = 1, b = 0, c = 0, , e = 0] = matrixOf(element.getAttribute('transform') ?? '');
    const local = (name: string) => Number(element.getAttribute(name) ?? 0);
    const x = a * local('x') + c * local('y') + e;
    const fontSize = Number(/font-size:\s*([\d.]+)px/.exec(element.getAttribute('style') ?? '')?.[1] ?? 12);
    const turned = b !== 0;
    const width = turned ? fontSize : drawnTextWidth(text, fontSize);
    const anchor = turned ? 'middle' : (element.getAttribute('text-anchor') ?? 'start');
    const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
    return { text, x, anchor, turned, left, right: left + width };
  });
}
