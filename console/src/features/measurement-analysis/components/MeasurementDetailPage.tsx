import { defaultMeasurementSource } from '@nq/contracts/measurements/measurement';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useProgramName } from '../../../shared/i18n/useProgramName.ts';
import { sourceText, technologyText, testTypeText } from '../../../shared/i18n/value-texts.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type KpiResult, type MeasurementDetail, useMeasurementDetail } from '../api/measurements.ts';
import { failureText } from '../model/failure-text.ts';
import { FactList } from './FactList.tsx';
import { MeasurementObservations } from './MeasurementObservations.tsx';
import { SectionBadge } from './SectionBadge.tsx';

/**
 * /measurementAnalysis/detail/{measurementId}: one measurement, its result section, who measured it, its KPI results
 * and what else the test observed.
 */
export default function MeasurementDetailPage() {
  const { t } = useTranslation(['measurementAnalysis', 'testAnalysis']);
  const { measurementId = '' } = useParams();
  // Back to the search the user came from (its query string travels in the navigation state), or to the test
  // analysis when it opened the detail (`backTo`, its address).
  const state = useLocation().state as { search?: string; backTo?: string } | null;
  const search = state?.search;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('detail.title')}>
        <p className="font-mono text-xs text-gray-500" data-identifier>
          {measurementId}
        </p>
      </PageHeader>
      {state?.backTo ? (
        <Link to={state.backTo} className="text-sm text-blue-700 hover:underline">
          ← {t('testAnalysis:backToResults')}
        </Link>
      ) : (
        <Link
          to={`/measurementAnalysis${search ? `?${search}` : ''}`}
          className="text-sm text-blue-700 hover:underline"
        >
          ← {t('detail.back')}
        </Link>
      )}
      <MeasurementDetailView measurementId={measurementId} />
    </div>
  );
}

/** One measurement in detail, wherever it is shown (this page, the test analysis' dialog). */
export function MeasurementDetailView({ measurementId }: { measurementId: string }) {
  const { t } = useTranslation('measurementAnalysis');
  const detail = useMeasurementDetail(measurementId);
  return (
    <>
      {detail.isPending && <Spinner label={t('common:loading')} />}
      {detail.isError && (
        <ErrorNotice
          code={
            isApiError(detail.error) && detail.error.status === 404
              ? 'measurements.notFound'
              : 'measurements.infoLoadFailed'
          }
        />
      )}
      {detail.data && <Detail detail={detail.data} />}
    </>
  );
}

function Detail({ detail }: { detail: MeasurementDetail }) {
  const { t } = useTranslation(['measurementAnalysis', 'analysis']);
  const dates = useDateFormat();
  // The answer names what the measurement refers to (providers, memberships) as far as the profile sees them.
  const { measurement: m, section, results, names } = detail;
  const programName = useProgramName();
  const number = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 3 });
  const facts: [string, ReactNode][] = [
    ['probeId', m.probeId],
    ['probeType', m.probeType ? t(`detail.probeTypes.${m.probeType}`) : ''],
    ['source', sourceText(t, m.source ?? defaultMeasurementSource)],
    ['program', programName(m.program)],
    ['testType', testTypeText(t, m.testType)],
    ['destination', m.destination ? `${m.destination.name}${m.destination.ip ? ` (${m.destination.ip})` : ''}` : ''],
    ['technology', technologyText(t, m.technology)],
    ['isp', names.isp ?? ''],
    ['provider', names.provider ?? ''],
    ['measuredAt', dates.dateTime(m.measuredAt)],
    ['receivedAt', dates.dateTime(m.receivedAt)],
    [
      'localTime',
      `${t(`analysis:weekdays.${m.weekday}`)} ${String(m.hour).padStart(2, '0')}h · ${t(`analysis:fringes.${m.fringe}`)}`,
    ],
    ['taskMode', t(`detail.taskModes.${m.taskMode}`)],
    ['location', m.location ? `${m.location.lat.toFixed(5)}, ${m.location.lon.toFixed(5)}` : ''],
    ['device', [m.device?.model, m.device?.appVersion].filter(Boolean).join(' · ')],
    ['connectionId', m.connectionId ?? ''],
    ['taskSuite', names.taskSuite ?? ''],
    ['campaigns', names.campaigns.join(', ')],
    ['clusters', names.clusters.join(', ')],
    ['universes', names.universes.join(', ')],
    ['tags', names.tags.join(', ')],
  ];
  return (
    <>
      <Card>
        <div className="mb-3 flex items-center gap-3">
          <h2 className="text-base font-semibold text-gray-800">{t('detail.section')}</h2>
          <SectionBadge section={section} />
        </div>
        <p className="text-sm text-gray-600">{t(`detail.sectionMeaning.${section}`)}</p>
        {m.failure && (
          <p className="mt-1 text-sm text-gray-800" data-testid="failure">
            {t('detail.failure', { reason: failureText(t, m) })}
          </p>
        )}
      </Card>
      <Card>
        <h2 className="mb-3 text-base font-semibold text-gray-800">{t('detail.general')}</h2>
        <FactList facts={facts.map(([name, value]) => [t(`detail.fields.${name}`), value || '—'])} />
      </Card>
      <Card>
        <h2 className="mb-3 text-base font-semibold text-gray-800">{t('detail.results')}</h2>
        {results.length === 0 ? (
          <p className="text-sm text-gray-500">{t('detail.noResults')}</p>
        ) : (
          <DataTable<KpiResult>
            caption={t('detail.results')}
            rows={results}
            rowKey={(row) => row.kpi}
            columns={[
              { key: 'label', header: t('detail.kpi') },
              { key: 'value', header: t('detail.value'), render: (row) => `${number.format(row.value)} ${row.unit}` },
              {
                key: 'inverse',
                header: t('detail.better'),
                render: (row) => t(row.inverse ? 'detail.lower' : 'detail.higher'),
              },
            ]}
          />
        )}
      </Card>
      <MeasurementObservations details={m.details} />
    </>
  );
}
