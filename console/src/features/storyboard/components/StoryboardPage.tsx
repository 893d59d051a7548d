import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { type GraphicPin, paramsWithPin, pinFromParams } from '../../../shared/charts/graphic-query.ts';
import { QueryProgress } from '../../../shared/charts/QueryProgress.tsx';
import { ReproductionLine } from '../../../shared/charts/ReproductionLine.tsx';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { FormAlert, PageHeader } from '../../../shared/ui/screens.tsx';
import { type StoryboardResponse, useStoryboard } from '../api/storyboard.ts';
import { ErrorsContent } from './ErrorsTile.tsx';
import { KpisContent } from './KpisTile.tsx';
import { ProbeStatusContent } from './ProbeStatusTile.tsx';
import { ScorecardsContent } from './ScorecardsTile.tsx';
import { useReaches } from './screen-links.ts';
import { Tile, TileError, TileSkeleton } from './Tile.tsx';

type AnyTile = StoryboardResponse['scorecards' | 'probeStatus' | 'kpis' | 'errors'];

/** A tile's content once the storyboard answered: its data drawn, or its error in its place. */
function Slot<T extends AnyTile>({
  tile,
  lines,
  children,
}: {
  tile: T | undefined;
  lines?: number;
  children: (data: Extract<T, { data: unknown }>['data']) => ReactNode;
}) {
  if (!tile) return <TileSkeleton lines={lines} />;
  if ('error' in tile) return <TileError error={tile.error} />;
  return <>{children((tile as Extract<T, { data: unknown }>).data)}</>;
}

/**
 * /storyboard, the landing page: the profile's picture at a glance — its active scorecards, its probes by
 * state, its main KPIs over the last 30 days and its latest errored measurements — each tile leading to the screen
 * that explains it, when the profile has that screen. Under its title, what reproduces it ("Reproducible as: data
 * received until …, configuration position …") with Reproduce, which pins the picture (kept in the address, so that a
 * shared link shows the same numbers), and, pinned, Latest. Asked for over a second, its progress: where its main KPIs
 * are read from, and a Cancel that aborts the request (the server then cancels its queries).
 */
export default function StoryboardPage() {
  const { t } = useTranslation('storyboard');
  const profile = useProfile();
  const timeZone = profile?.timeZone ?? 'Etc/UTC';
  const reaches = useReaches();
  const address = useAddressState();
  const pin = pinFromParams(address.params);
  const setPin = (next: GraphicPin | undefined) =>
    address.update((current) => paramsWithPin(current, next), { history: 'push' });
  const { query: storyboard, progress } = useStoryboard(pin);
  const board = storyboard.data;
  const failed = storyboard.error;

  return (
    <div className="flex flex-col gap-4" data-testid="storyboard">
      <PageHeader title={t('title')}>
        <p className="text-sm text-gray-500">
          {board ? t('generatedAt', { at: formatDateTime(board.generatedAt, timeZone) }) : t('subtitle')}
        </p>
        <ReproductionLine
          reproduce={board?.reproduce}
          pinned={pin !== undefined}
          onPin={setPin}
          reproduceHint={t('reproduceHint')}
        />
        {board?.warnings.map((warning) => (
          <p key={warning.code} role="note" className="text-xs text-amber-800" data-testid="storyboard-warning">
            {errorMessage(warning.code, warning.params)}
          </p>
        ))}
      </PageHeader>
      {/* A long storyboard (its KPIs read raw) shows its progress and can be cancelled. */}
      <QueryProgress {...progress} />
      {failed && !board && (
        <FormAlert>{failed instanceof ApiError ? failed.localized : errorMessage('generic.fetchFailed')}</FormAlert>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Tile
          title={t('scorecards.title')}
          to={reaches('scorecard_live') ? '/scorecard_live' : undefined}
          testId="tile-scorecards"
          className="lg:col-span-2"
        >
          <Slot tile={board?.scorecards} lines={4}>
            {(data) => <ScorecardsContent tile={data} timeZone={timeZone} />}
          </Slot>
        </Tile>
        <Tile
          title={t('probeStatus.title')}
          to={
            reaches('probes-map') ? '/probes-map' : reaches('tools/probes_status') ? '/tools/probes_status' : undefined
          }
          testId="tile-probe-status"
        >
          <Slot tile={board?.probeStatus} lines={4}>
            {(data) => <ProbeStatusContent tile={data} />}
          </Slot>
        </Tile>
      </div>
      <Tile title={t('kpis.title')} to={reaches('evolution') ? '/evolution' : undefined} testId="tile-kpis">
        <Slot tile={board?.kpis} lines={3}>
          {(data) => <KpisContent tile={data} />}
        </Slot>
      </Tile>
      <Tile
        title={t('errors.title')}
        to={reaches('measurementAnalysis') ? '/measurementAnalysis?statuses=Error' : undefined}
        testId="tile-errors"
      >
        <Slot tile={board?.errors} lines={5}>
          {(data) => <ErrorsContent tile={data} timeZone={timeZone} />}
        </Slot>
      </Tile>
    </div>
  );
}
