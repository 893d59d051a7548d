import type { QueryCoverage } from '@nq/contracts/analytics/query-coverage';
import { reachesLayer } from '@nq/contracts/identity/layers';
import { hashKey, type QueryKey, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../api/profile.ts';
import { kpiLabel } from '../entity-screen/kpi-options.ts';
import { Button } from '../ui/Button.tsx';
import type { GraphicPin } from './graphic-query.ts';
import { type CoveragePath, cubeFormPath, useQueryCoverage } from './query-coverage.ts';

/** A query answered within this shows no progress: only a long one does. */
export const progressDelayMs = 1_000;

const list = (items: string[], language: string) =>
  new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
/** A label inside a sentence: "Download speed" → "download speed"; an acronym ("ISP", "DNS time") stays. */
const inSentence = (label: string, language: string) =>
  /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLocaleLowerCase(language) + label.slice(1) : label;

/** Where the answer comes from, and what would make it faster: the coverage answer in words. */
function CoverageText({ coverage }: { coverage: QueryCoverage }) {
  const { t, i18n } = useTranslation(['charts', 'cubes']);
  const profile = useProfile();
  const language = i18n.language;
  if (coverage.source === 'none') return null;
  if (coverage.source === 'cube')
    return <p data-testid="query-source">{t('charts:queryProgress.fromCube', { name: coverage.cube })}</p>;
  const { months, building, suggestion, uncoverable } = coverage;
  // The cubes screen creates cubes for administrators only.
  const mayCreate =
    !!profile &&
    reachesLayer(profile.layers, 'cubes_configuration') &&
    (profile.rol === 'admin' || profile.isGod === true);
  return (
    <>
      <p data-testid="query-source">
        {months > 0
          ? t('charts:queryProgress.raw', { count: months, formatted: months.toLocaleString(language) })
          : t('charts:queryProgress.rawUnknown')}
      </p>
      {building && <p>{t('charts:queryProgress.building', { name: building })}</p>}
      {suggestion && (
        <p data-testid="cube-suggestion">
          {t(
            suggestion.dimensions.length > 0
              ? 'charts:queryProgress.suggestion'
              : 'charts:queryProgress.suggestionTotals',
            {
              grain: t(`charts:queryProgress.grains.${suggestion.grain}`),
              dimensions: list(
                suggestion.dimensions.map((dimension) => inSentence(t(`cubes:dimensionLabels.${dimension}`), language)),
                language,
              ),
              kpis: list(
                suggestion.kpis.map((kpi) => inSentence(kpiLabel(kpi), language)),
                language,
              ),
            },
          )}{' '}
          {mayCreate ? (
            <Link className="font-medium text-blue-700 underline" to={cubeFormPath(suggestion)}>
              {t('charts:queryProgress.createCube')}
            </Link>
          ) : (
            t('charts:queryProgress.askAdministrator')
          )}
        </p>
      )}
      {uncoverable && uncoverable.length > 0 && (
        <p>
          {t('charts:queryProgress.uncoverable', {
            reasons: list(
              uncoverable.map((reason) => t(`charts:queryProgress.reasons.${reason}`)),
              language,
            ),
          })}
        </p>
      )}
    </>
  );
}

/** What a long query's progress follows: the query's key, the body it posts and its pin, where its coverage is asked. */
export interface QueryProgressProps {
  queryKey: QueryKey;
  /** Only the query under `queryKey` itself, not those below it (a tile's own query, not its enlarged pinned one). */
  exact?: boolean;
  /** The body the query posts, of `POST /api/graphic` unless `coveragePath` says (its coverage is asked with it). */
  request: object | undefined;
  pin?: GraphicPin | undefined;
  /** Where the coverage is asked: `/api/graphic/coverage` unless the query posts a screen's own body. */
  coveragePath?: CoveragePath;
  /** Small enough for a dashboard tile: smaller type and buttons, scrolled within the tile when it is low. */
  compact?: boolean;
  delayMs?: number;
}

/** Cancel and Run again: the console's button, or in a compact progress a small one. */
function ProgressButton({ compact, onClick, children }: { compact: boolean; onClick: () => void; children: string }) {
  if (!compact)
    return (
      <Button variant="secondary" onClick={onClick}>
        {children}
      </Button>
    );
  return (
    <button
      type="button"
      className="rounded border border-gray-300 bg-white px-1.5 font-medium text-gray-700 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * A long query's progress (docs/features/measurements-and-analytics.md, "Queries over years"): once the query under
 * `queryKey` (and, unless `exact`, the keys below it, a pinned one's too) has been asked for `delayMs`, how long it
 * has run, where its answer comes from (a cube, or so many months of raw measurements: the coverage of `request`,
 * asked alongside), a Cancel that aborts it (the request's signal, then the server's engine query) and, when it reads
 * raw measurements, the cube that would answer it in milliseconds, with a link that opens the cubes screen's form
 * filled in with it. Once cancelled, it says so and offers to ask again. Nothing while no query runs.
 */
export function QueryProgress({
  queryKey,
  exact = false,
  request,
  pin,
  coveragePath,
  compact = false,
  delayMs = progressDelayMs,
}: QueryProgressProps) {
  const { t } = useTranslation('charts');
  const queryClient = useQueryClient();
  const running = useIsFetching({ queryKey, exact }) > 0;
  const key = hashKey(queryKey);
  const [started, setStarted] = useState<{ key: string; at: number }>();
  const [now, setNow] = useState(() => Date.now());
  // The query cancelled (its key): another query is another question.
  const [cancelledKey, setCancelledKey] = useState<string>();
  const coverage = useQueryCoverage(request, {
    pin,
    enabled: running,
    ...(coveragePath ? { path: coveragePath } : {}),
  });

  // Timed from when this query (this key) started to be asked.
  useEffect(() => {
    if (!running) return;
    const at = Date.now();
    setStarted({ key, at });
    setNow(at);
    setCancelledKey(undefined);
    // Shown once the delay is over, then each whole second.
    const tick = () => setNow(Date.now());
    const shown = setTimeout(tick, delayMs);
    const seconds = setInterval(tick, 1_000);
    return () => {
      clearTimeout(shown);
      clearInterval(seconds);
    };
  }, [running, key, delayMs]);
  const startedAt = running && started?.key === key ? started.at : undefined;
  const cancelled = !running && cancelledKey === key;

  const cancel = () => {
    setCancelledKey(key);
    void queryClient.cancelQueries({ queryKey, exact });
  };

  const type = compact ? 'text-xs' : 'text-sm';
  if (cancelled)
    return (
      <div
        role="status"
        className={`${compact ? 'mb-1 shrink-0 gap-2' : 'mb-3 gap-3'} flex flex-wrap items-center ${type} text-gray-700`}
      >
        <span>{t('queryProgress.cancelled')}</span>
        <ProgressButton
          compact={compact}
          onClick={() => void queryClient.refetchQueries({ queryKey, exact, type: 'active' })}
        >
          {t('queryProgress.runAgain')}
        </ProgressButton>
      </div>
    );
  if (!running || startedAt === undefined || now - startedAt < delayMs) return null;
  const seconds = Math.floor((now - startedAt) / 1000);
  return (
    <section
      aria-label={t('queryProgress.label')}
      data-testid="query-progress"
      className={`${compact ? 'mb-1 min-h-0 shrink overflow-auto rounded px-2 py-1' : 'mb-3 rounded-md px-3 py-2'} border border-blue-100 bg-blue-50 ${type} text-gray-700`}
    >
      <div className={`flex flex-wrap items-center justify-between ${compact ? 'gap-2' : 'gap-3'}`}>
        <span role="timer" aria-live="off">
          {t('queryProgress.elapsed', { count: seconds })}
        </span>
        <ProgressButton compact={compact} onClick={cancel}>
          {t('queryProgress.cancel')}
        </ProgressButton>
      </div>
      {coverage.data && (
        <div className={compact ? 'mt-0.5 space-y-0.5' : 'mt-1 space-y-1'}>
          <CoverageText coverage={coverage.data} />
        </div>
      )}
    </section>
  );
}
