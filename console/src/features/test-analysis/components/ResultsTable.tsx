import { measurementSearchWindow } from '@nq/contracts/analytics/query-result';
import type { TestAnalysisResult, TestAnalysisResults } from '@nq/contracts/measurements/test-analysis';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { kpiText, technologyText, testTypeText } from '../../../shared/i18n/value-texts.ts';
import { type Column, DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { SectionBadge } from '../../measurement-analysis/components/SectionBadge.tsx';
import { failureText } from '../../measurement-analysis/model/failure-text.ts';
import { pageSizes, type TestAnalysisView } from '../api/analysis-params.ts';

/** A page of the program's results: time (opens the detail), status, test, each KPI, and why one failed. */
export function ResultsTable({
  results,
  loading,
  view,
  onView,
  onOpen,
}: {
  results: TestAnalysisResults | undefined;
  loading: boolean;
  view: TestAnalysisView;
  onView: (changes: Partial<TestAnalysisView>) => void;
  onOpen: (measurementId: string) => void;
}) {
  const { t } = useTranslation(['testAnalysis', 'fleet', 'analysis']);
  const dates = useDateFormat();
  const number = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 });
  const kpiColumns: Column<TestAnalysisResult>[] = (results?.kpis ?? []).map((kpi) => ({
    key: `kpi-${kpi.id}`,
    // Named in the interface language, which may have changed since the results were read.
    header: `${kpiText(kpi.id, currentLanguage())} (${kpi.unit})`,
    className: 'text-right tabular-nums',
    render: (row) => (row.kpis[kpi.id] === undefined ? '' : number.format(row.kpis[kpi.id]!)),
  }));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end">
        <div className="w-48">
          <SelectField
            label={t('order')}
            value={view.order}
            onChange={(event) => onView({ order: event.target.value as 'asc' | 'desc', page: 1 })}
            options={[
              { value: 'desc', label: t('newestFirst') },
              { value: 'asc', label: t('oldestFirst') },
            ]}
          />
        </div>
      </div>
      <DataTable<TestAnalysisResult>
        caption={t('results')}
        loading={loading}
        rows={results?.list}
        rowKey={(row) => row.measurementId}
        onRowClick={(row) => onOpen(row.measurementId)}
        columns={[
          {
            key: 'measuredAt',
            header: t('measuredAt'),
            render: (row) => (
              <button
                type="button"
                className="whitespace-nowrap text-blue-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(row.measurementId);
                }}
              >
                {dates.dateTime(row.measuredAt)}
              </button>
            ),
          },
          { key: 'status', header: t('status'), render: (row) => <SectionBadge section={row.status} /> },
          { key: 'testType', header: t('testType'), render: (row) => testTypeText(t, row.testType) },
          { key: 'destination', header: t('destination'), render: (row) => row.destination ?? '' },
          { key: 'technology', header: t('technology'), render: (row) => technologyText(t, row.technology) },
          ...kpiColumns,
          {
            key: 'error',
            header: t('errorText'),
            render: (row) => failureText(t, row),
          },
        ]}
      />
      {results && (
        <Pagination
          page={view.page}
          pageSize={view.pageSize}
          count={results.count}
          reachable={measurementSearchWindow}
          pageSizes={pageSizes}
          onPage={(page) => onView({ page })}
          onPageSize={(pageSize) => onView({ pageSize, page: 1 })}
        />
      )}
    </div>
  );
}
