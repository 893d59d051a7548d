import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import {
  type DashboardGraphic,
  dashboardKeys,
  dashboardsApi,
  type GraphicLayout,
  type PersonalDashboard,
} from '../api/dashboards-api.ts';
import { useDashboardWrite } from '../api/useDashboards.ts';
import { type DateWindow, isEmptyWindow, requestWithWindow, takesDateWindow } from '../model/date-window.ts';
import { GRID_COLUMNS, placed, ROW_HEIGHT_PX, sameLayout } from '../model/grid-layout.ts';
import { GraphicTile } from './GraphicTile.tsx';

export interface GraphicGridProps {
  dashboard: PersonalDashboard;
  category: string;
  editable: boolean;
  window: DateWindow;
}

const withGraphic = (dashboard: PersonalDashboard, category: string, graphic: DashboardGraphic): PersonalDashboard => ({
  ...dashboard,
  categories: dashboard.categories.map((found) =>
    found.name === category
      ? { ...found, graphics: found.graphics.map((kept) => (kept.id === graphic.id ? graphic : kept)) }
      : found,
  ),
});

/**
 * A category's graphics on the 12-column grid. The owner drags a graphic by its handle (or moves it with the arrow
 * keys) and resizes it by its corner; the graphics it would cover move down. Each change is shown at once and saved as
 * the layout of every graphic moved.
 */
export function GraphicGrid({ dashboard, category, editable, window }: GraphicGridProps) {
  const { t } = useTranslation('personalDashboards');
  const queryClient = useQueryClient();
  const grid = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<{ id: string; layout: GraphicLayout }>();
  const [deleting, setDeleting] = useState<DashboardGraphic>();
  const graphics = dashboard.categories.find((found) => found.name === category)?.graphics ?? [];
  const key = dashboardKeys.one(dashboard.id);

  // One graphic's change after the other, a drag's after the previous one's: each changes the same dashboard.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = useDashboardWrite((changed: DashboardGraphic[]) => {
    const saving = queue.current.then(async () => {
      let answer: Awaited<ReturnType<typeof dashboardsApi.updateGraphic>> | undefined;
      for (const graphic of changed) answer = await dashboardsApi.updateGraphic(dashboard.id, category, graphic);
      return answer;
    });
    queue.current = saving.catch(() => undefined);
    return saving;
  });
  const remove = useDashboardWrite((graphic: DashboardGraphic) =>
    dashboardsApi.removeGraphic(dashboard.id, category, graphic.id),
  );

  const commit = (graphic: DashboardGraphic, layout: GraphicLayout) => {
    if (sameLayout(graphic.layout, layout)) return;
    const changed = placed(graphics, graphic.id, layout);
    queryClient.setQueryData<PersonalDashboard>(
      key,
      (current) => current && changed.reduce((shown, moved) => withGraphic(shown, category, moved), current),
    );
    save.mutate(changed, {
      onSuccess: (answer) => answer && queryClient.setQueryData(key, answer.result),
      onError: (error) => {
        toast.error(error, 'dashboards.saveFailed');
        void queryClient.invalidateQueries({ queryKey: key });
      },
    });
  };

  const rows = Math.max(...graphics.map((graphic) => graphic.layout.y + graphic.layout.h), 4);
  if (graphics.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-white px-3 py-10 text-center text-sm text-gray-500">
        {t('noGraphics')}
      </p>
    );
  return (
    <>
      <div
        ref={grid}
        data-testid="dashboard-grid"
        className="grid gap-3"
        style={{
          gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
          gridAutoRows: `${ROW_HEIGHT_PX - 12}px`,
          minHeight: rows * ROW_HEIGHT_PX,
        }}
      >
        {graphics.map((graphic) => (
          <GraphicTile
            key={graphic.id}
            graphic={graphic}
            layout={preview?.id === graphic.id ? preview.layout : graphic.layout}
            request={requestWithWindow(graphic, window)}
            grid={grid}
            editable={editable}
            filtersNotApplied={!isEmptyWindow(window) && !takesDateWindow(graphic)}
            onPreview={(layout) => setPreview(layout ? { id: graphic.id, layout } : undefined)}
            onCommit={(layout) => commit(graphic, layout)}
            onDelete={() => setDeleting(graphic)}
          />
        ))}
      </div>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('deleteGraphicTitle')}
        message={
          deleting?.scorecardId
            ? t('deleteScorecardGraphicMessage', { title: deleting.title })
            : t('deleteGraphicMessage', { title: deleting?.title ?? '' })
        }
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: (answer) => {
              queryClient.setQueryData(key, answer.result);
              setDeleting(undefined);
              if (answer.warnings.length > 0) for (const warning of answer.warnings) toast.warning(warning.code);
              else toast.success(t('graphicDeleted'));
            },
            onError: (error) => toast.error(error, 'dashboards.graphicDeleteFailed'),
          })
        }
      />
    </>
  );
}
