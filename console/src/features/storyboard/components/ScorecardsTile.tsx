import { BadgeDelta } from '@tremor/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { formatPeriod } from '../../../shared/ui/format.ts';
import type { ScorecardsTileData } from '../api/storyboard.ts';
import { formatNumber } from './number-format.ts';
import { scorecardLink, useReaches } from './screen-links.ts';
import { TileEmpty, TileError } from './Tile.tsx';

type Scorecard = ScorecardsTileData['list'][number];
type Scored = Extract<Scorecard, { entities: unknown }>;
type EntityScore = Scored['entities'][number];

/** How many compared providers each scorecard shows (the best first). */
const shownEntities = 5;
/** The compared providers with a score: those the profile has no data of are left out. */
const scored = (entities: EntityScore[]) =>
  entities.filter((entity): entity is EntityScore & { score: number } => entity.score !== null).slice(0, shownEntities);

/** The window a trend compares with, as its caption and tooltip name it. */
const previousPeriodOf = (scorecard: Scorecard) =>
  'previousWindow' in scorecard && scorecard.previousWindow
    ? formatPeriod(scorecard.previousWindow.from, scorecard.previousWindow.to, scorecard.previousWindow.timeZone)
    : undefined;

function Trend({ entity, period }: { entity: EntityScore; period: string }) {
  const { t } = useTranslation('storyboard');
  if (entity.score === null || entity.previousScore === null) return null;
  const change = entity.score - entity.previousScore;
  const rounded = Math.round(change * 100) / 100;
  const deltaType = rounded > 0 ? 'increase' : rounded < 0 ? 'decrease' : 'unchanged';
  const text = `${rounded > 0 ? '+' : ''}${formatNumber(rounded)}`;
  return (
    <BadgeDelta
      deltaType={deltaType}
      size="xs"
      title={t('scorecards.trend', { previous: formatNumber(entity.previousScore), period })}
    >
      <span className="sr-only">{t('scorecards.trendOf', { direction: t(`scorecards.${deltaType}`) })} </span>
      {text}
    </BadgeDelta>
  );
}

function ScorecardCard({ scorecard, timeZone }: { scorecard: Scorecard; timeZone: string }) {
  const { t } = useTranslation('storyboard');
  const reaches = useReaches();
  const previousPeriod = previousPeriodOf(scorecard);
  const title = reaches('scorecard_live') ? (
    <Link to={scorecardLink(scorecard.id)} className="font-medium text-blue-700 hover:underline">
      {scorecard.name}
    </Link>
  ) : (
    <span className="font-medium">{scorecard.name}</span>
  );
  return (
    <li
      className="rounded-md border border-gray-100 p-3"
      data-testid="storyboard-scorecard"
      data-scorecard={scorecard.id}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        {title}
        {'window' in scorecard && (
          <span className="text-xs text-tremor-content">
            {formatPeriod(scorecard.window.from, scorecard.window.to, timeZone)}
          </span>
        )}
      </div>
      {'error' in scorecard ? (
        <TileError error={scorecard.error} />
      ) : scored(scorecard.entities).length === 0 ? (
        <TileEmpty>{t('scorecards.noData')}</TileEmpty>
      ) : (
        <ol className="flex flex-col gap-1">
          {scored(scorecard.entities).map((entity) => (
            <li key={entity.entity} className="flex items-center justify-between gap-2 text-sm">
              <span className="truncate">{entity.name ?? entity.entity}</span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums" data-testid="scorecard-score" data-entity={entity.entity}>
                  {t('scorecards.score', { score: formatNumber(entity.score), max: formatNumber(scorecard.maxScore) })}
                </span>
                {previousPeriod && <Trend entity={entity} period={previousPeriod} />}
              </span>
            </li>
          ))}
        </ol>
      )}
      {previousPeriod &&
        'entities' in scorecard &&
        scored(scorecard.entities).some((entity) => entity.previousScore !== null) && (
          <p className="mt-2 text-xs text-tremor-content">{t('scorecards.trendCaption', { period: previousPeriod })}</p>
        )}
      {'narrowedBy' in scorecard && <NarrowedByNote narrowedBy={scorecard.narrowedBy} className="mt-2" />}
    </li>
  );
}

/** The active scorecards the profile sees: each compared provider's score over the last 30 days and its trend. */
export function ScorecardsContent({ tile, timeZone }: { tile: ScorecardsTileData; timeZone: string }) {
  const { t } = useTranslation('storyboard');
  if (tile.list.length === 0) return <TileEmpty>{t('scorecards.empty')}</TileEmpty>;
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2">
        {tile.list.map((scorecard) => (
          <ScorecardCard key={scorecard.id} scorecard={scorecard} timeZone={timeZone} />
        ))}
      </ul>
      {tile.total > tile.list.length && (
        <p className="text-xs text-tremor-content">{t('scorecards.more', { count: tile.total - tile.list.length })}</p>
      )}
    </>
  );
}
