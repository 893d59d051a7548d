import type { QueryIr } from '@nq/contracts/analytics/query-ir';
import type { DashboardGraphic } from '../api/dashboards-api.ts';

/** The advanced filters' date window, applied over every graphic that can take it. */
export interface DateWindow {
  tsStart?: string;
  tsEnd?: string;
}

export const isEmptyWindow = (window: DateWindow) => !window.tsStart && !window.tsEnd;

/** A scorecard's graphic is computed over its scorecard's own period: a date window does not apply to it. */
export const takesDateWindow = (graphic: DashboardGraphic) => graphic.scorecardId === undefined;

/** The request a graphic is drawn from: its own, with the window's dates in place of its own when it takes them. */
export function requestWithWindow(graphic: DashboardGraphic, window: DateWindow): QueryIr {
  if (isEmptyWindow(window) || !takesDateWindow(graphic)) return graphic.request;
  return {
    ...graphic.request,
    ...(window.tsStart ? { tsStart: window.tsStart } : {}),
    ...(window.tsEnd ? { tsEnd: window.tsEnd } : {}),
  };
}
