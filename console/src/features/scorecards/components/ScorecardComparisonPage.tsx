import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type Calculation, useScorecardCalculation, useScorecardVersions } from '../api/scorecards-api.ts';
import { useEntityNames } from '../model/entity-names.ts';
import { selectionOf } from '../model/url-selection.ts';
import { dayIn, isDay } from '../model/windows.ts';
import { CalculationNotices } from './CalculationNotices.tsx';
import { ComparisonSide } from './ComparisonSide.tsx';
import { ComparisonTable } from './ComparisonTable.tsx';
import { ScorecardReportButton } from './ScorecardReportButton.tsx';
import { WindowPicker } from './WindowPicker.tsx';

type Mode = 'windows' | 'versions';
type Side = { title: string; answer: Calculation; scores: Calculation['live'] };

const daysOf = (scores: Calculation['live'] | undefined) =>
  scores
    ? { from: dayIn(scores.window.from, scores.window.timeZone), to: dayIn(scores.window.to, scores.window.timeZone) }
    : undefined;

/** The two sides' warnings, each once (both versions may lack the same MOS entry). */
const distinctWarnings = (warnings: Calculation['warnings']) => [
  ...new Map(warnings.map((warning) => [`${warning.code}:${JSON.stringify(warning.params)}`, warning])).values(),
];

/**
 * /scorecard_comparison/{id}: two data windows (the live one and a comparison one, by default the one just
 * before) or two configuration versions over one window, side by side, with the difference per provider and KPI.
 * Every choice is kept in the address.
 */
export default function ScorecardComparisonPage() {
  const { t } = useTranslation('scorecards');
  const dates = useDateFormat();
  const { id = '' } = useParams();
  const { params, set: setAddress } = useAddressState();
  const mode: Mode = params.get('mode') === 'versions' ? 'versions' : 'windows';
  const selection = selectionOf(params);
  const set = (changes: Record<string, string | undefined>) => setAddress(changes, { history: 'push' });

  const compareFrom = params.get('compareFrom') ?? '';
  const compareTo = params.get('compareTo') ?? '';
  const compare = compareFrom && compareTo ? `${compareFrom}/${compareTo}` : 'previous';
  const windows = useScorecardCalculation(mode === 'windows' ? id : undefined, { ...selection, compare });

  const versions = useScorecardVersions(mode === 'versions' ? id : undefined);
  const list = versions.data?.versions ?? [];
  const versionB = params.get('versionB') ?? list[0]?.position;
  const versionA = params.get('versionA') ?? list[1]?.position ?? list[0]?.position;
  const ready = mode === 'versions' && versionA && versionB;
  const atA = useScorecardCalculation(ready ? id : undefined, { ...selection, asOf: versionA });
  const atB = useScorecardCalculation(ready ? id : undefined, { ...selection, asOf: versionB });
  const nameOf = useEntityNames(windows.data, atA.data, atB.data);

  const queries = mode === 'windows' ? [windows] : [atA, atB];
  const failed = queries.find((query) => query.error)?.error;
  const failure = failed ? specificCodeOr('scorecards.calculateFailed')(failed) : undefined;
  const pending = queries.some((query) => query.isPending) || (mode === 'versions' && versions.isPending);

  const sides: [Side, Side] | undefined =
    mode === 'windows'
      ? windows.data?.comparison
        ? [
            { title: t('comparisonWindow'), answer: windows.data, scores: windows.data.comparison },
            { title: t('liveWindow'), answer: windows.data, scores: windows.data.live },
          ]
        : undefined
      : atA.data && atB.data
        ? [
            {
              title: t('versionN', { version: atA.data.configuration.version }),
              answer: atA.data,
              scores: atA.data.live,
            },
            {
              title: t('versionN', { version: atB.data.configuration.version }),
              answer: atB.data,
              scores: atB.data.live,
            },
          ]
        : undefined;
  const current = sides?.[1].answer;
  // The report of what is shown: both windows, or the current version over the window (a report has one version).
  const reported = mode === 'windows' ? { ...selection, compare } : { ...selection, asOf: versionB };
  // Asked days as they are; otherwise (nothing asked, or instants from a shared link) the days the answer used.
  const usedLive = daysOf(sides?.[1].scores);
  const liveDays = {
    from: selection.from && isDay(selection.from) ? selection.from : (usedLive?.from ?? ''),
    to: selection.to && isDay(selection.to) ? selection.to : (usedLive?.to ?? ''),
  };
  const comparisonDays = compareFrom
    ? { from: compareFrom, to: compareTo }
    : (daysOf(sides?.[0].scores) ?? { from: '', to: '' });
  const versionOptions = list.map((version) => ({
    value: version.position,
    label: t('versionOption', {
      version: version.version,
      at: dates.dateTime(version.recordedAt),
      fields: version.changedFields.map((field) => t(`scoreManagement:${field}`, { defaultValue: field })).join(', '),
    }),
  }));

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={current ? t('comparisonOf', { name: current.scorecard.name }) : t('comparisonTitle')}
        actions={
          <>
            <Link to="/scorecard_comparison" className="self-center text-sm text-blue-700 underline">
              {t('allScorecards')}
            </Link>
            <ScorecardReportButton scorecardId={id} selection={reported} disabled={!sides} />
          </>
        }
      />
      <Card className="flex flex-col gap-4">
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-semibold text-gray-700">{t('compare')}</legend>
          {(['windows', 'versions'] as const).map((choice) => (
            <label key={choice} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="comparison-mode"
                value={choice}
                checked={mode === choice}
                onChange={() => set({ mode: choice === 'windows' ? undefined : choice })}
              />
              {t(`modes.${choice}`)}
            </label>
          ))}
        </fieldset>
        <WindowPicker
          key={`live:${liveDays.from}/${liveDays.to}`}
          legend={mode === 'windows' ? t('liveWindow') : t('dataWindow')}
          initial={liveDays}
          onApply={(window) => set(window)}
          onReset={selection.from || selection.to ? () => set({ from: undefined, to: undefined }) : undefined}
        />
        {mode === 'windows' ? (
          <WindowPicker
            key={`comparison:${comparisonDays.from}/${comparisonDays.to}`}
            legend={t('comparisonWindow')}
            initial={comparisonDays}
            onApply={(window) => set({ compareFrom: window.from, compareTo: window.to })}
            onReset={compareFrom ? () => set({ compareFrom: undefined, compareTo: undefined }) : undefined}
          />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('baselineVersion')}
              value={versionA ?? ''}
              onChange={(event) => set({ versionA: event.target.value })}
              options={versionOptions}
            />
            <SelectField
              label={t('currentVersion')}
              value={versionB ?? ''}
              onChange={(event) => set({ versionB: event.target.value })}
              options={versionOptions}
            />
          </div>
        )}
      </Card>
      {failure && (
        <ErrorNotice
          code={failure}
          onRetry={() => queries.forEach((query) => void query.refetch())}
          retryLabel={t('retry')}
        />
      )}
      {pending && !failure && <Spinner label={t('common:loading')} />}
      {sides && !failure && (
        <Card className="flex flex-col gap-4">
          <NarrowedByNote narrowedBy={sides.find((side) => side.answer.narrowedBy)?.answer.narrowedBy} />
          <CalculationNotices warnings={distinctWarnings(sides.flatMap((side) => side.answer.warnings))} />
          <div className="grid gap-4 md:grid-cols-2">
            {sides.map((side, index) => (
              <ComparisonSide
                // The same window or version may be chosen on both sides: each side is its place, not its title.
                key={index === 0 ? 'baseline' : 'current'}
                title={side.title}
                scores={side.scores}
                configuration={side.answer.configuration}
                maxScore={side.answer.scorecard.maxScore}
                nameOf={nameOf}
                testId={index === 0 ? 'baseline-side' : 'current-side'}
              />
            ))}
          </div>
          <ComparisonTable
            baseline={sides[0].scores}
            current={sides[1].scores}
            baselineTitle={sides[0].title}
            currentTitle={sides[1].title}
            maxScore={sides[1].answer.scorecard.maxScore}
            nameOf={nameOf}
          />
        </Card>
      )}
    </div>
  );
}
