import type { CubeStatus } from '@nq/contracts/analytics/cube-status';
import { cubeMeasures, cubeUtcZone, quantileSketchAccuracy } from '@nq/contracts/configuration/cube';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { cubeFormParams, cubeOfAddress } from '../../../shared/charts/query-coverage.ts';
import { DeleteConfirmDialog } from '../../../shared/entity-screen/DeleteConfirmDialog.tsx';
import { kpiLabel } from '../../../shared/entity-screen/kpi-options.ts';
import { ListSearchBox } from '../../../shared/entity-screen/ListSearchBox.tsx';
import { PagedTable } from '../../../shared/entity-screen/PagedTable.tsx';
import { RowActionButton } from '../../../shared/entity-screen/RowActionButton.tsx';
import { useActionsColumn } from '../../../shared/entity-screen/useActionsColumn.tsx';
import { useEntityDeletion } from '../../../shared/entity-screen/useEntityDeletion.ts';
import { usePagedEntityList } from '../../../shared/entity-screen/usePagedEntityList.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import type { Column } from '../../../shared/ui/DataTable.tsx';
import { formatDay } from '../../../shared/ui/format.ts';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type Cube, cubesPath, useCubeStatus } from '../api/cubes-api.ts';
import { formatBytes, formatCount, formatPercent, hitRateOf } from '../model/cube-figures.ts';
import { type CubeEditing, CubeForm } from './CubeForm.tsx';
import { RebuildDialog, useRebuild } from './RebuildDialog.tsx';
import { RebuildProgress } from './RebuildProgress.tsx';

/** The zone of a cube's days (hours are UTC). */
const zoneOf = (cube: Cube) => (cube.grain === 'day' ? cube.timeZone : cubeUtcZone);

/**
 * /cubes_configuration (an internal tool): the cube definitions the analytics engine answers long queries from,
 * each with its figures (rows, buckets, size, last day's hit rate, lag behind the stream, last rebuild); create, edit,
 * clone and delete them, and rebuild one over a range.
 */
export default function CubesPage() {
  const { t, i18n } = useTranslation('cubes');
  const language = i18n.language;
  const dates = useDateFormat();
  const profile = useProfile();
  const readOnly = profile !== undefined && profile.rol !== 'admin' && !profile.isGod;
  const paged = usePagedEntityList<Cube>(cubesPath, { sort: 'name' }, 'cubes.fetchFailed');
  const rebuild = useRebuild();
  const status = useCubeStatus(rebuild.following);
  const deletion = useEntityDeletion<Cube>(cubesPath, specificCodeOr('generic.error'));
  const [editing, setEditing] = useState<CubeEditing | undefined>();
  const [opening, setOpening] = useState(0);
  const edit = (next: CubeEditing) => {
    setEditing(next);
    setOpening((count) => count + 1);
  };
  // A cube suggested for a slow query (a chart's progress links here with its definition): the form opens filled in,
  // and the address forgets it (a reload does not open it again).
  const address = useAddressState();
  const suggested = cubeOfAddress(address.params);
  const suggestedText = suggested && JSON.stringify(suggested);
  useEffect(() => {
    if (!suggestedText || profile === undefined) return;
    if (!readOnly) {
      setEditing({ mode: 'create', prefill: JSON.parse(suggestedText) });
      setOpening((count) => count + 1);
    }
    address.set(Object.fromEntries(cubeFormParams.map((name) => [name, undefined])));
  }, [suggestedText, profile, readOnly, address.set]);

  const statusOf = (cube: Cube): CubeStatus | undefined => status.data?.cubes.find((item) => item.cubeId === cube.id);
  /** A figure of the cube's status, or a dash while it is not known. */
  const figure = (cube: Cube, text: (found: CubeStatus) => string) => {
    const found = statusOf(cube);
    return found ? text(found) : '—';
  };
  const bucketText = (cube: Cube, iso: string | undefined) =>
    !iso ? '—' : cube.grain === 'day' ? formatDay(iso, cube.timeZone) : dates.dateTime(iso);

  const columns: Column<Cube>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (cube) => (
        <div>
          <div className="font-medium">{cube.name}</div>
          {cube.description && <div className="text-xs text-gray-500">{cube.description}</div>}
        </div>
      ),
    },
    {
      key: 'grain',
      header: t('columns.grain'),
      render: (cube) => (cube.grain === 'day' ? t('grainInZone', { zone: cube.timeZone }) : t(`grains.${cube.grain}`)),
    },
    {
      key: 'dimensions',
      header: t('columns.dimensions'),
      className: 'max-w-xs',
      render: (cube) =>
        cube.dimensions.length === 0
          ? t('noDimensions')
          : cube.dimensions.map((dimension) => t(`dimensionLabels.${dimension}`)).join(', '),
    },
    {
      key: 'kpis',
      header: t('columns.kpis'),
      className: 'max-w-xs',
      render: (cube) => (cube.kpis.length === 0 ? t('everyKpi') : cube.kpis.map(kpiLabel).join(', ')),
    },
    { key: 'rows', header: t('columns.rows'), render: (cube) => figure(cube, (s) => formatCount(s.rows, language)) },
    {
      key: 'buckets',
      header: t('columns.buckets'),
      render: (cube) => figure(cube, (s) => formatCount(s.buckets, language)),
    },
    {
      key: 'oldestBucket',
      header: t('columns.oldestBucket'),
      className: 'whitespace-nowrap',
      render: (cube) => bucketText(cube, statusOf(cube)?.oldestBucket),
    },
    {
      key: 'newestBucket',
      header: t('columns.newestBucket'),
      className: 'whitespace-nowrap',
      render: (cube) => bucketText(cube, statusOf(cube)?.newestBucket),
    },
    {
      key: 'size',
      header: t('columns.size'),
      className: 'whitespace-nowrap',
      render: (cube) => figure(cube, (s) => formatBytes(s.sizeBytes, language)),
    },
    {
      key: 'hitRate',
      header: t('columns.hitRate'),
      render: (cube) => {
        if (!status.data || !statusOf(cube)) return '—';
        const { hits, total, rate } = hitRateOf(status.data, cube.id);
        if (rate === undefined) return t('noQueries');
        return (
          <div>
            <div className="font-medium">{formatPercent(rate, language)}</div>
            <div className="text-xs text-gray-500">
              {t('hitsOfQueries', { hits: formatCount(hits, language), total: formatCount(total, language) })}
            </div>
          </div>
        );
      },
    },
    {
      key: 'lag',
      header: t('columns.lag'),
      render: (cube) =>
        figure(cube, (s) =>
          s.lagMessages === undefined
            ? t('lagUnknown')
            : s.lagMessages === 0
              ? t('upToDate')
              : t('lagMessages', { count: s.lagMessages, formatted: formatCount(s.lagMessages, language) }),
        ),
    },
    {
      key: 'lastRebuild',
      header: t('columns.lastRebuild'),
      render: (cube) => {
        const last = statusOf(cube)?.lastRebuild;
        return last ? <RebuildProgress rebuild={last} name={cube.name} timeZone={zoneOf(cube)} /> : t('neverRebuilt');
      },
    },
  ];

  const actions = useActionsColumn<Cube>({
    labelOf: (cube) => cube.name,
    actions: (cube) => (
      <>
        {!readOnly && (
          <>
            <RowActionButton
              action={t('common:edit')}
              rowLabel={cube.name}
              onClick={() => edit({ mode: 'edit', cube })}
            />
            <RowActionButton
              action={t('common:clone')}
              rowLabel={cube.name}
              onClick={() => edit({ mode: 'clone', cube })}
            />
            <RowActionButton
              action={t('rebuild')}
              rowLabel={cube.name}
              onClick={() => rebuild.open({ id: cube.id, name: cube.name, timeZone: zoneOf(cube) })}
            />
          </>
        )}
        <Link
          className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 hover:bg-gray-100"
          to={`/settings_history?${new URLSearchParams({ kind: 'cube', id: cube.id })}`}
          aria-label={`${t('history')} ${cube.name}`}
        >
          {t('history')}
        </Link>
      </>
    ),
    onDelete: readOnly ? undefined : deletion.ask,
  });

  const empty = paged.list.data?.count === 0 && paged.search === '';
  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={!readOnly && <Button onClick={() => edit({ mode: 'create' })}>{t('common:new')}</Button>}
      >
        <div className="mt-1 max-w-4xl space-y-1 text-sm text-gray-600" data-testid="cubes-help">
          <p>{t('help.what')}</p>
          <p>
            {t('help.answers')} <code className="rounded bg-gray-100 px-1 text-xs">{t('help.source')}</code>
          </p>
          <p>
            {t('help.measures', {
              measures: cubeMeasures.map((measure) => t(`measures.${measure}`)).join(', '),
              accuracy: formatPercent(quantileSketchAccuracy, language),
            })}
          </p>
        </div>
      </PageHeader>
      {readOnly && (
        <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="admin-only-note">
          {errorMessage('auth.adminOnly')}
        </p>
      )}
      {empty ? (
        <div className="rounded-lg border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
          <p className="text-sm text-gray-700">{t('empty')}</p>
        </div>
      ) : (
        <>
          <ListSearchBox paged={paged} />
          <PagedTable<Cube> paged={paged} columns={[...columns, actions]} caption={t('title')} />
        </>
      )}
      {status.data && status.data.rawQueries > 0 && (
        <p className="mt-2 text-xs text-gray-500">
          {t('rawQueries', { count: status.data.rawQueries, formatted: formatCount(status.data.rawQueries, language) })}
        </p>
      )}
      {editing && <CubeForm key={opening} editing={editing} onClose={() => setEditing(undefined)} />}
      <RebuildDialog key={rebuild.opening} {...rebuild.dialog} status={status.data} />
      <DeleteConfirmDialog {...deletion.dialog} labelOf={(cube: Cube) => cube.name} />
    </div>
  );
}
