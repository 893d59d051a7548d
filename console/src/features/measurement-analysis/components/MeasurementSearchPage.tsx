import { measurementSearchWindow, type RowSortField, rowSortFields } from '@nq/contracts/analytics/query-result';
import type { Language } from '@nq/contracts/errors/index';
import type { EnrichedMeasurement } from '@nq/contracts/measurements/enriched-measurement';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKpiCatalogue } from '../../../shared/api/kpi-catalogue.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useProgramName } from '../../../shared/i18n/useProgramName.ts';
import { kpiResultText, technologyText, testTypeText } from '../../../shared/i18n/value-texts.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { useMeasurementSearch } from '../api/measurements.ts';
import { type MeasurementSearch, paramsFromSearch, searchFromParams } from '../api/search-params.ts';
import { failureText } from '../model/failure-text.ts';
import { SearchForm } from './SearchForm.tsx';
import { SectionBadge } from './SectionBadge.tsx';

/** A measurement's KPI results, each by its catalogue name, with its unit, in the interface language's numbers. */
const kpiSummary = (kpis: Record<string, number>, language: Language) =>
  Object.entries(kpis)
    .map(([kpi, value]) => kpiResultText(kpi, value, language))
    .join(' · ');

/** /measurementAnalysis: search the measurements the profile sees, paged; a row opens its detail. */
export default function MeasurementSearchPage() {
  const { t } = useTranslation(['measurementAnalysis', 'analysis']);
  const navigate = useNavigate();
  const dates = useDateFormat();
  const programName = useProgramName();
  const { params, update: updateAddress } = useAddressState();
  const search = searchFromParams(params);
  const kpis = useKpiCatalogue();
  const result = useMeasurementSearch(search);
  const update = (next: MeasurementSearch) => updateAddress(() => paramsFromSearch(next), { history: 'push' });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('measurementAnalysis:title')} />
      <Card>
        <SearchForm
          key={params.toString()}
          initial={search}
          kpis={kpis.data ?? []}
          onSearch={(filters) =>
            update({ ...filters, page: 1, pageSize: search.pageSize, sort: search.sort, order: search.order })
          }
        />
      </Card>
      <div className="flex flex-wrap items-end justify-end gap-3">
        <div className="w-48">
          <SelectField
            label={t('measurementAnalysis:sortBy')}
            value={search.sort}
            onChange={(event) => update({ ...search, sort: event.target.value as RowSortField, page: 1 })}
            options={rowSortFields.map((field) => ({ value: field, label: t(`measurementAnalysis:columns.${field}`) }))}
          />
        </div>
        <div className="w-40">
          <SelectField
            label={t('measurementAnalysis:order')}
            value={search.order}
            onChange={(event) => update({ ...search, order: event.target.value as 'asc' | 'desc', page: 1 })}
            options={[
              { value: 'desc', label: t('measurementAnalysis:descending') },
              { value: 'asc', label: t('measurementAnalysis:ascending') },
            ]}
          />
        </div>
      </div>
      <DataTable<EnrichedMeasurement>
        caption={t('measurementAnalysis:results')}
        loading={result.isFetching}
        rows={result.data?.list}
        rowKey={(row) => row.measurementId}
        onRowClick={(row) =>
          navigate(`/measurementAnalysis/detail/${encodeURIComponent(row.measurementId)}`, {
            state: { search: params.toString() },
          })
        }
        columns={[
          {
            key: 'measuredAt',
            header: t('measurementAnalysis:columns.measuredAt'),
            render: (row) => dates.dateTime(row.measuredAt),
          },
          { key: 'probeId', header: t('measurementAnalysis:columns.probeId') },
          {
            key: 'program',
            header: t('measurementAnalysis:columns.program'),
            render: (row) => programName(row.program),
          },
          {
            key: 'testType',
            header: t('measurementAnalysis:columns.testType'),
            render: (row) => testTypeText(t, row.testType),
          },
          {
            key: 'status',
            header: t('measurementAnalysis:columns.status'),
            render: (row) => <SectionBadge section={row.status} />,
          },
          {
            key: 'technology',
            header: t('measurementAnalysis:columns.technology'),
            render: (row) => technologyText(t, row.technology),
          },
          { key: 'isp', header: t('measurementAnalysis:columns.isp') },
          {
            key: 'kpis',
            header: t('measurementAnalysis:columns.kpis'),
            render: (row) => kpiSummary(row.kpis, currentLanguage()),
          },
          { key: 'failure', header: t('measurementAnalysis:columns.failure'), render: (row) => failureText(t, row) },
        ]}
      />
      {result.data && (
        <Pagination
          page={search.page}
          pageSize={search.pageSize}
          count={result.data.count}
          reachable={measurementSearchWindow}
          onPage={(page) => update({ ...search, page })}
          onPageSize={(pageSize) => update({ ...search, pageSize, page: 1 })}
        />
      )}
    </div>
  );
}
