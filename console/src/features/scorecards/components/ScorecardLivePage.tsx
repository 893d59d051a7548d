import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { CsvExportDialog } from '../../../shared/csv/CsvOptionsFields.tsx';
import { useCsvOptions } from '../../../shared/csv/useCsvOptions.ts';
import { pathWith } from '../../../shared/routing/address-params.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { useScorecardCalculation, useScorecardCsv } from '../api/scorecards-api.ts';
import { useEntityNames } from '../model/entity-names.ts';
import { selectionOf } from '../model/url-selection.ts';
import { dayIn, isDay } from '../model/windows.ts';
import { CalculationNotices } from './CalculationNotices.tsx';
import { Provenance } from './Provenance.tsx';
import { ScorecardReportButton } from './ScorecardReportButton.tsx';
import { ScoreDetail } from './ScoreDetail.tsx';
import { ScoreMatrix, type SelectedCell } from './ScoreMatrix.tsx';
import { WindowPicker } from './WindowPicker.tsx';

/**
 * /scorecard_live/{id}: the scores per provider (or ISP) and KPI over a data window at a configuration
 * version, both named and kept in the address; a CSV (in the format the user asks for) and a PDF report of the same
 * numbers; each KPI leads to its drilldown.
 */
export default function ScorecardLivePage() {
  const { t } = useTranslation('scorecards');
  const { id = '' } = useParams();
  const { params, set } = useAddressState();
  const selection = selectionOf(params);
  const calculation = useScorecardCalculation(id, selection);
  const csv = useScorecardCsv(id);
  const csvOptions = useCsvOptions();
  const [askingCsv, setAskingCsv] = useState(false);
  const [selected, setSelected] = useState<SelectedCell>();
  const answer = calculation.data;
  const nameOf = useEntityNames(answer);
  const failure = calculation.error ? specificCodeOr('scorecards.calculateFailed')(calculation.error) : undefined;
  const drilldownOf = (kpi: string) =>
    pathWith(`/scorecard_live/${encodeURIComponent(id)}/drilldown`, { ...selection, kpi });
  const timeZone = answer?.live.window.timeZone ?? 'Etc/UTC';
  // A window asked as instants (a shared link may hold them) shows the days it falls on.
  const dayOf = (asked: string | undefined, used: string | undefined) =>
    asked && isDay(asked) ? asked : used ? dayIn(used, timeZone) : '';
  const shownWindow = {
    from: dayOf(selection.from, answer?.live.window.from),
    to: dayOf(selection.to, answer?.live.window.to),
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={answer?.scorecard.name ?? t('liveTitle')}
        actions={
          <>
            <Link to="/scorecard_live" className="self-center text-sm text-blue-700 underline">
              {t('allScorecards')}
            </Link>
            <Button variant="secondary" busy={csv.isPending} disabled={!answer} onClick={() => setAskingCsv(true)}>
              {t('downloadCsv')}
            </Button>
            {answer && (
              <CsvExportDialog
                open={askingCsv}
                name={answer.scorecard.name}
                state={csvOptions}
                busy={csv.isPending}
                onClose={() => setAskingCsv(false)}
                onDownload={(options) =>
                  csv.mutate(
                    { ...selection, name: answer.scorecard.name, csv: options },
                    { onSettled: () => setAskingCsv(false) },
                  )
                }
              />
            )}
            <ScorecardReportButton scorecardId={id} selection={selection} disabled={!answer} />
          </>
        }
      >
        {answer && (
          <p className="text-sm text-gray-600">
            {t('scaleOf', { max: answer.scorecard.maxScore, weight: answer.scorecard.weight })}
          </p>
        )}
      </PageHeader>
      <Card>
        <WindowPicker
          key={`${shownWindow.from}/${shownWindow.to}`}
          legend={t('dataWindow')}
          initial={shownWindow}
          onApply={(window) => set(window, { history: 'push' })}
          onReset={
            selection.from || selection.to
              ? () => set({ from: undefined, to: undefined }, { history: 'push' })
              : undefined
          }
        />
      </Card>
      {failure && <ErrorNotice code={failure} onRetry={() => void calculation.refetch()} retryLabel={t('retry')} />}
      {calculation.isPending && !failure && <Spinner label={t('common:loading')} />}
      {answer && !failure && (
        <Card className="flex flex-col gap-3">
          <Provenance
            window={answer.live.window}
            configuration={answer.configuration}
            pinned={Boolean(selection.asOf)}
            onPin={() => set({ asOf: answer.configuration.position }, { history: 'push' })}
          />
          <NarrowedByNote narrowedBy={answer.narrowedBy} />
          <CalculationNotices warnings={answer.warnings} />
          {answer.live.entities.length > 0 && (
            <div aria-busy={calculation.isFetching || undefined}>
              <ScoreMatrix
                calculation={answer}
                nameOf={nameOf}
                drilldownOf={drilldownOf}
                selected={selected}
                onSelect={setSelected}
              />
            </div>
          )}
          {selected && answer.live.entities.some((entity) => entity.entity === selected.entity) && (
            <ScoreDetail
              calculation={answer}
              cell={selected}
              entityName={nameOf(selected.entity)}
              drilldown={drilldownOf(selected.kpi)}
            />
          )}
        </Card>
      )}
    </div>
  );
}
