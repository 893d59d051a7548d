import { z } from 'zod';
import { hexColour, inRange, missingOr, numberValue } from '../configuration/common.ts';

// Graphic display options (docs/product/entities.md#graphic-display-options): how a graphic is drawn. They never change
// its data, except `transpose`, which swaps the rows and columns of a table (the console swaps a chart's axis and
// series).

export const orientations = ['vertical', 'landscape'] as const;
export const graphicDistributions = ['stacked', 'sideToSide'] as const;
export const labelRotations = [0, 45, 90] as const;
/** Percent of the space the graphic is given. */
export const defaultGraphicWidth = 100;
const maxColours = 50;

const invalidOption = { error: missingOr('validation.invalidOption') };
const flag = (byDefault: boolean) => z.boolean({ error: 'validation.invalidOption' }).default(byDefault);
const rotation = z.union(
  labelRotations.map((degrees) => z.literal(degrees)),
  invalidOption,
);

export const displayOptionFields = z.object({
  orientation: z.enum(orientations, invalidOption).default('vertical'),
  graphicDistribution: z.enum(graphicDistributions, invalidOption).default('sideToSide'),
  labelRotation: rotation.default(0),
  xAxisRotation: rotation.default(0),
  minY: numberValue.optional(),
  maxY: numberValue.optional(),
  spanGaps: flag(false),
  transpose: flag(false),
  width: inRange(
    z.number({ error: missingOr('validation.invalidNumber') }).int('validation.invalidNumber'),
    1,
    100,
  ).default(defaultGraphicWidth),
  /** The series colours in order; the default colours (chart-data.ts) follow. */
  colours: z.array(hexColour).max(maxColours, 'validation.tooBig').optional(),
  showLabels: flag(false),
  showLegend: flag(true),
});
export const displayOptionsSchema = displayOptionFields.superRefine((display, context) => {
  if (display.minY !== undefined && display.maxY !== undefined && display.maxY < display.minY)
    context.addIssue({ code: 'custom', message: 'validation.tooSmall', params: { min: display.minY }, path: ['maxY'] });
});
export type DisplayOptions = z.output<typeof displayOptionsSchema>;
export type DisplayOptionsInput = z.input<typeof displayOptionsSchema>;
