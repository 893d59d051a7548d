import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../../shared/api/profile.ts';
import { useTechnologyOptions } from '../../../shared/api/profile-technologies.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import { kpiLabel } from '../../../shared/entity-screen/kpi-options.ts';
import { sourceText, technologyText } from '../../../shared/i18n/value-texts.ts';
import type { Option } from '../../../shared/ui/fields.tsx';
import { formatCalendarDay } from '../../../shared/ui/format.ts';
import { type RegulatoryReport, reportsPath } from '../api/regulatory-reports-api.ts';
import { resultsPath } from '../model/paths.ts';
import { statisticText } from '../model/statistics.ts';
import { regulatoryReportFields } from './regulatory-report-fields.ts';

const linkClass = 'inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 hover:bg-gray-100';
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * /regulatory_format: the regulatory reports (what each publishes, of which population and period), created, edited,
 * cloned and deleted by administrators; each leads to its figures.
 */
export default function RegulatoryReportsPage() {
  const { t } = useTranslation('regulatoryReports');
  const profile = useProfile();
  const universes = useEntityOptions(basePathOf('universe'));
  const campaigns = useEntityOptions(basePathOf('campaign'));
  const clusters = useEntityOptions(basePathOf('cluster'));
  const providers = useEntityOptions(basePathOf('provider'));
  const technologies = useTechnologyOptions();
  const fields = useMemo(
    () => regulatoryReportFields(t, { universes, campaigns, clusters, providers, technologies }),
    [t, universes, campaigns, clusters, providers, technologies],
  );
  const showsHistory = profile?.layers.some((layer) => layer.id === 'settings_history') ?? false;

  // Names only: an entity not (yet) among the options is counted, never shown by its id.
  const namesOf = (options: Option[], ids: readonly string[]) => {
    const names = ids.flatMap((id) => options.find((option) => option.value === id)?.label ?? []);
    const unnamed = ids.length - names.length;
    return [...names, ...(unnamed > 0 ? [t('unnamed', { count: unnamed })] : [])].join(', ');
  };
  const population = (report: RegulatoryReport) => {
    const lists = [
      ['universes', namesOf(universes, report.universes ?? [])],
      ['campaigns', namesOf(campaigns, report.campaigns ?? [])],
      ['clusters', namesOf(clusters, report.clusters ?? [])],
      ['providers', namesOf(providers, report.providers ?? [])],
      ['technologies', (report.technologies ?? []).map((code) => technologyText(t, code)).join(', ')],
    ].filter(([, names]) => names !== '');
    const sources = report.sources ?? ['panel'];
    const parts = [
      ...(lists.length === 0
        ? [t('wholePopulation')]
        : lists.map(([field, names]) => `${t(`fields.${field}`)}: ${names}`)),
      ...(sources.length === 1 && sources[0] === 'panel'
        ? []
        : [
            `${t('fields.sources')}: ${sources.length ? sources.map((source) => sourceText(t, source)).join(', ') : t('everySource')}`,
          ]),
      ...(report.byTechnology ? [t('perTechnology')] : []),
    ];
    return parts.join(' · ');
  };

  return (
    <EntityManagementScreen<RegulatoryReport>
      namespace="regulatoryReports"
      basePath={reportsPath}
      sort="name"
      canClone
      adminOnlyWrites
      fields={fields}
      codeFields={{ 'regulatoryReports.nameExists': 'name' }}
      errorCodes={{ fetch: 'generic.fetchFailed' }}
      columns={[
        {
          key: 'name',
          header: t('fields.name'),
          render: (report) => (
            <Link className="font-medium text-blue-700 hover:underline" to={resultsPath(report.id)}>
              {report.name}
            </Link>
          ),
        },
        {
          key: 'period',
          header: t('period'),
          render: (report) => (
            <>
              <span className="whitespace-nowrap">
                {formatCalendarDay(report.from)} – {formatCalendarDay(report.to)}
              </span>{' '}
              <span className="text-gray-500">({report.timeZone ?? 'Etc/UTC'})</span>
              {report.peakHours && (
                <div className="text-xs text-gray-500">
                  {t('peakHoursOf', {
                    from: hourText(report.peakHours.from),
                    to: `${String(report.peakHours.to).padStart(2, '0')}:59`,
                  })}
                </div>
              )}
            </>
          ),
        },
        { key: 'population', header: t('population'), render: population },
        {
          key: 'kpis',
          header: t('fields.kpis'),
          render: (report) => (
            <ul className="space-y-0.5">
              {(report.kpis ?? []).map(({ kpi, statistics }) => (
                <li key={kpi}>
                  <span className="font-medium">{kpiLabel(kpi)}</span>:{' '}
                  {statistics.map((statistic) => statisticText(t, kpi, statistic)).join(', ')}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
      rowActions={(report) => (
        <>
          <Link className={linkClass} to={resultsPath(report.id)} aria-label={`${t('results')} ${report.name}`}>
            {t('results')}
          </Link>
          {showsHistory && (
            <Link
              className={linkClass}
              to={`/settings_history?${new URLSearchParams({ kind: 'regulatory-report', id: report.id })}`}
              aria-label={`${t('history')} ${report.name}`}
            >
              {t('history')}
            </Link>
          )}
        </>
      )}
    />
  );
}
