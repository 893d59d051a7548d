import type { ChangeMarker } from '@nq/contracts/analytics/change-markers';
import type { ChartData, ChartType } from '@nq/contracts/analytics/chart-data';
import type { Reproduction } from '@nq/contracts/analytics/query-result';
import type { ChartDisplay } from './chart-display.ts';
import type { GraphicPin } from './graphic-query.ts';

/**
 * The one chart layer every screen draws with (docs/features/console.md, "Chart layer"). Screens build a `ChartData`
 * (usually from a graphic answer with `chartDataOf`) and hand it to `<GraphicChart>`, which draws it as the chosen type
 * with the graphic actions (reset zoom, export PNG/SVG/CSV, colours, legend toggles) and, on time charts, change
 * markers.
 * The data model itself is shared with the PDF reports, which draw the same charts server-side.
 */
export {
  type ChartAxis,
  type ChartBoxes,
  type ChartData,
  type ChartEntity,
  type ChartPoints,
  type ChartSeries,
  type ChartType,
  chartTypes,
  defaultChartColours,
} from '@nq/contracts/analytics/chart-data';

export interface GraphicChartProps {
  /** Names the chart for screen readers and the exported files. */
  title: string;
  type: ChartType;
  data: ChartData;
  /** The value axis' title (the KPI's unit). */
  unit?: string;
  /** Scatterplots and bubbles: the fields each axis plots, with their units (see `pointAxisNames`). */
  axisNames?: { x: string; y: string } | undefined;
  /** How values are written (ticks, tooltip, table, CSV). */
  format?: (value: number) => string;
  /** Time charts only: configuration changes in the chart's scope, each linking to its settings-history entry. */
  markers?: ChangeMarker[];
  /** Pixels; default 320. */
  height?: number;
  /** Small charts (storyboard tiles): no toolbar, legend or zoom. */
  compact?: boolean;
  /**
   * Dashboard tiles: the chart as the graphic generator draws it (legend, the unit on the value axis, the display
   * options), all of it within `height`, the drawing taking what the legend leaves; without the toolbar, zoom, change
   * markers and data table, which the tile's enlarged view has.
   */
  fitted?: boolean;
  /** Stacked bars or areas instead of side by side. */
  stacked?: boolean;
  /**
   * Display options (a generated or saved graphic's; docs/product/entities.md#graphic-display-options); colours the
   * user picks in the legend still win.
   */
  display?: ChartDisplay;
  /**
   * What reproduces the numbers drawn (a graphic answer's `reproduce`) and pinning them: a line under the chart names
   * the data received until and the configuration position, with Reproduce or, pinned, Latest. Charts with the
   * actions only (not compact or fitted).
   */
  reproduction?: ChartReproduction | undefined;
}

export interface ChartReproduction {
  reproduce: Reproduction;
  /** The chart is asked with the pin of this answer (`?asOf=` and its `receivedUntil`). */
  pinned: boolean;
  /** Reproduce: pins the numbers this answer names; Latest: undefined, the latest numbers again. */
  onPin: (pin: GraphicPin | undefined) => void;
}

export type { ChangeMarker, ChartDisplay };
