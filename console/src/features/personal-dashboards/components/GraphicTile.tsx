import type { QueryIr } from '@nq/contracts/analytics/query-ir';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useKpiCatalogue } from '../../../shared/api/kpi-catalogue.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { useAnswerWarnings } from '../../../shared/charts/answer-warnings.ts';
import type { ChartData, ChartReproduction } from '../../../shared/charts/chart-model.ts';
import { GraphicChart } from '../../../shared/charts/GraphicChart.tsx';
import { isEmptyGraphic } from '../../../shared/charts/graphic-data.ts';
import { pointAxisNames } from '../../../shared/charts/graphic-labels.ts';
import type { GraphicPin } from '../../../shared/charts/graphic-query.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { QueryProgress } from '../../../shared/charts/QueryProgress.tsx';
import { ReproductionLine } from '../../../shared/charts/ReproductionLine.tsx';
import { requestChartData } from '../../../shared/charts/request-chart-data.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { useElementHeight } from '../../../shared/ui/useElementHeight.ts';
import type { DashboardGraphic, GraphicLayout } from '../api/dashboards-api.ts';
import { arrowSteps, cellsOf, moved, ROW_HEIGHT_PX, resized } from '../model/grid-layout.ts';
import { graphicAnswerProgress, useGraphicAnswer } from './useGraphicAnswer.ts';

/** The tile's title bar and padding around the drawing (the grid's gap comes off each tile too). */
const TILE_CHROME_PX = 72;

export interface GraphicTileProps {
  graphic: DashboardGraphic;
  /** Where it is drawn now (while being dragged: where it would land). */
  layout: GraphicLayout;
  request: QueryIr;
  grid: RefObject<HTMLElement | null>;
  /** The owner arranges and deletes graphics; anyone else only reads them. */
  editable: boolean;
  /** The advanced filters are set but cannot apply to this graphic. */
  filtersNotApplied: boolean;
  onPreview: (layout: GraphicLayout | undefined) => void;
  onCommit: (layout: GraphicLayout) => void;
  onDelete: () => void;
}

/** The pointer drags a handle by whole grid cells: a preview while it moves, the layout kept when it is let go. */
function usePointerCells(
  grid: RefObject<HTMLElement | null>,
  change: (cells: { columns: number; rows: number }) => GraphicLayout,
  onPreview: (layout: GraphicLayout | undefined) => void,
  onCommit: (layout: GraphicLayout) => void,
) {
  const start = useRef<{ x: number; y: number }>();
  const layoutAt = (event: PointerEvent) => {
    const from = start.current ?? { x: event.clientX, y: event.clientY };
    const width = grid.current?.getBoundingClientRect().width ?? 0;
    return change(cellsOf(event.clientX - from.x, event.clientY - from.y, width));
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (start.current) onPreview(layoutAt(event));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (!start.current) return;
      const layout = layoutAt(event);
      start.current = undefined;
      onPreview(undefined);
      onCommit(layout);
    },
    onPointerCancel: () => {
      start.current = undefined;
      onPreview(undefined);
    },
  };
}

/** The catalogue code of a tile's failure: the server's own for a refusal, else that its data could not be had. */
const failureCodeOf = (failure: unknown) =>
  isApiError(failure) && failure.status >= 400 && failure.status < 500
    ? failure.code
    : 'dashboards.graphicDataFetchFailed';

/**
 * One graphic of the dashboard on its grid: drawn from its request, with its move and resize handles; a query asked
 * for over a second shows its progress, compact, which Cancel aborts. Enlarged, it names what reproduces its numbers:
 * Reproduce pins the enlarged view to them (until Latest, or until it is closed), the tile keeps the latest.
 */
export function GraphicTile({
  graphic,
  layout,
  request,
  grid,
  editable,
  filtersNotApplied,
  onPreview,
  onCommit,
  onDelete,
}: GraphicTileProps) {
  const { t, i18n } = useTranslation('personalDashboards');
  const answer = useGraphicAnswer(request);
  const [enlarged, setEnlarged] = useState(false);
  const [pin, setPin] = useState<GraphicPin>();
  // Unpinned, the tile's own query; pinned, the numbers an answer named (its warnings toasted, as the generator does).
  const enlargedAnswer = useGraphicAnswer(request, pin);
  useAnswerWarnings(pin ? enlargedAnswer.data : undefined);
  const drawingArea = useRef<HTMLDivElement>(null);
  const room = useElementHeight(drawingArea);
  const kpis = useKpiCatalogue();
  const timeZone = useProfile()?.timeZone ?? 'Etc/UTC';
  const kpiId = request.kpi ?? request.axes?.value ?? request.axes?.y;
  const kpi = kpis.data?.find((item) => item.id === kpiId);
  const title = graphic.title || kpi?.label || t(`graphicTypes.${request.graphicType}`);
  const chartData = (answered: typeof answer.data) =>
    answered &&
    requestChartData(answered, request, t, { single: kpi?.label ?? kpiId ?? '', language: i18n.language, timeZone });
  // biome-ignore lint/correctness/useExhaustiveDependencies: chartData reads what the list names
  const data = useMemo(
    () => chartData(answer.data),
    [answer.data, request, kpi?.label, kpiId, i18n.language, timeZone, t],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: chartData reads what the list names
  const enlargedData = useMemo(
    () => (pin ? chartData(enlargedAnswer.data) : undefined),
    [pin, enlargedAnswer.data, request, kpi?.label, kpiId, i18n.language, timeZone, t],
  );
  // Drawn as the graphic generator draws it: its unit, its axes' names and its display options.
  const unit = kpi?.unit && request.metric !== 'count' && request.metric !== 'uniqueCount' ? kpi.unit : undefined;
  const axisNames = pointAxisNames(request, kpis.data ?? []);
  const { display } = request;
  const empty = answer.data !== undefined && isEmptyGraphic(answer.data);
  // The same drawing in the tile and enlarged: only its height differs.
  const drawn = (chartData: NonNullable<typeof data>) => ({
    title,
    type: request.graphicType,
    data: chartData,
    unit,
    axisNames,
    stacked: display?.graphicDistribution === 'stacked',
    ...(display ? { display } : {}),
  });
  const state = answer.isError ? 'error' : answer.isPending ? 'loading' : empty ? 'empty' : 'drawn';

  const move = usePointerCells(grid, (cells) => moved(graphic.layout, cells.columns, cells.rows), onPreview, onCommit);
  const resize = usePointerCells(
    grid,
    (cells) => resized(graphic.layout, cells.columns, cells.rows),
    onPreview,
    onCommit,
  );
  const byKeyboard = (change: typeof moved) => (event: KeyboardEvent) => {
    const step = arrowSteps[event.key];
    if (!step) return;
    event.preventDefault();
    onCommit(change(graphic.layout, step.columns, step.rows));
  };

  const failureCode = failureCodeOf(answer.error);
  const handleClass =
    'rounded border border-gray-300 bg-white px-1.5 text-xs text-gray-600 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';

  return (
    <section
      aria-label={title}
      data-testid="dashboard-graphic"
      data-graphic-id={graphic.id}
      data-state={state}
      aria-busy={answer.isFetching || undefined}
      data-layout={`${layout.x},${layout.y},${layout.w},${layout.h}`}
      className="relative flex min-w-0 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
      style={{ gridColumn: `${layout.x + 1} / span ${layout.w}`, gridRow: `${layout.y + 1} / span ${layout.h}` }}
    >
      <header className="flex items-center gap-2 border-b border-gray-100 px-3 py-1.5">
        {editable && (
          <button
            type="button"
            aria-label={t('moveGraphic', { title })}
            title={t('moveHint')}
            className={`${handleClass} cursor-move touch-none`}
            onKeyDown={byKeyboard(moved)}
            {...move}
          >
            ⠿
          </button>
        )}
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold text-gray-800">{title}</h3>
        {data && !empty && (
          <button
            type="button"
            aria-label={t('enlargeGraphic', { title })}
            title={t('enlargeHint')}
            className="rounded px-1.5 text-sm text-gray-500 hover:bg-gray-100"
            onClick={() => setEnlarged(true)}
          >
            ⤢
          </button>
        )}
        {editable && (
          <button
            type="button"
            aria-label={t('deleteGraphic', { title })}
            className="rounded px-1.5 text-sm text-gray-500 hover:bg-rose-50 hover:text-rose-700"
            onClick={onDelete}
          >
            ✕
          </button>
        )}
      </header>
      <div className="flex min-h-0 flex-1 flex-col px-2 py-1">
        <QueryProgress {...graphicAnswerProgress(request)} compact />
        {filtersNotApplied && (
          <p role="status" className="mb-1 shrink-0 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
            {errorMessage('dashboards.filtersNotApplicable')}
          </p>
        )}
        {/* A dashboard shared with a narrower profile is drawn from that profile's data: each tile says so. */}
        <NarrowedByNote narrowedBy={answer.data?.narrowedBy} className="mb-1 shrink-0" oneLine />
        {/* Pending but no longer asked: cancelled (the progress says so and asks again). */}
        {answer.isPending && answer.isFetching && <Spinner label={t('common:loading')} />}
        {answer.isError && (
          <p role="alert" className="py-6 text-center text-sm text-rose-700">
            {errorMessage(failureCode)}{' '}
            <button type="button" className="font-medium underline" onClick={() => void answer.refetch()}>
              {t('retry')}
            </button>
          </p>
        )}
        {empty && (
          <p role="status" className="py-6 text-center text-sm text-gray-500">
            {errorMessage('dashboards.noData')}
          </p>
        )}
        {/* The drawing takes the room the notes above leave it, so that its axes and legend stay inside the tile. */}
        <div ref={drawingArea} className={`min-h-0 flex-1 ${request.graphicType === 'table' ? 'overflow-auto' : ''}`}>
          {data && !empty && (
            <GraphicChart
              {...drawn(data)}
              height={Math.max(room ?? layout.h * ROW_HEIGHT_PX - TILE_CHROME_PX, 80)}
              fitted
            />
          )}
        </div>
      </div>
      {data && !empty && (
        <Modal
          open={enlarged}
          title={title}
          onClose={() => {
            setEnlarged(false);
            setPin(undefined);
          }}
          wide
        >
          {enlarged && (
            <EnlargedGraphic
              answer={pin ? enlargedAnswer : answer}
              progress={pin && <QueryProgress {...graphicAnswerProgress(request, pin)} />}
              data={pin ? enlargedData : data}
              pinned={pin !== undefined}
              onPin={setPin}
              draw={(chartData, reproduction) => (
                <GraphicChart {...drawn(chartData)} height={420} reproduction={reproduction} />
              )}
            />
          )}
        </Modal>
      )}
      {editable && (
        <button
          type="button"
          aria-label={t('resizeGraphic', { title })}
          title={t('resizeHint')}
          className="absolute right-0 bottom-0 h-4 w-4 cursor-se-resize touch-none rounded-tl border-t border-l border-gray-300 bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          onKeyDown={byKeyboard(resized)}
          {...resize}
        />
      )}
    </section>
  );
}

/**
 * The enlarged view's drawing, of the tile's answer or, pinned, of the numbers an answer named (with their query's
 * progress while it is long); pinned, a failure or an empty answer still offers the latest numbers.
 */
function EnlargedGraphic({
  answer,
  progress,
  data,
  pinned,
  onPin,
  draw,
}: {
  answer: ReturnType<typeof useGraphicAnswer>;
  progress: ReactNode;
  data: ChartData | undefined;
  pinned: boolean;
  onPin: (pin: GraphicPin | undefined) => void;
  draw: (data: ChartData, reproduction: ChartReproduction | undefined) => ReactNode;
}) {
  const { t } = useTranslation('personalDashboards');
  if (answer.isPending)
    return (
      <>
        {progress}
        {/* Cancelled, it may still go back to the latest numbers. */}
        {answer.isFetching ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <ReproductionLine pinned={pinned} onPin={onPin} />
        )}
      </>
    );
  const reproduce = answer.data?.reproduce;
  const drawable = data && answer.data && !isEmptyGraphic(answer.data);
  return (
    <>
      {answer.isError && !drawable && (
        <p role="alert" className="py-6 text-center text-sm text-rose-700">
          {errorMessage(failureCodeOf(answer.error))}
        </p>
      )}
      {!answer.isError && !drawable && (
        <p role="status" className="py-6 text-center text-sm text-gray-500">
          {errorMessage('dashboards.noData')}
        </p>
      )}
      {drawable ? (
        draw(data, reproduce && { reproduce, pinned, onPin })
      ) : (
        <ReproductionLine pinned={pinned} onPin={onPin} />
      )}
      <NarrowedByNote narrowedBy={answer.data?.narrowedBy} className="mt-2" />
    </>
  );
}
