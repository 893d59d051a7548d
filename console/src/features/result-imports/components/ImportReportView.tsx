import { reachesLayer } from '@nq/contracts/identity/layers';
import type { ImportStatus } from '@nq/contracts/measurements/result-imports';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../../shared/api/profile.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { type Column, DataTable } from '../../../shared/ui/DataTable.tsx';
import { defaultSearch, paramsFromSearch } from '../../measurement-analysis/api/search-params.ts';

type Report = NonNullable<ImportStatus['report']>;
type Refusal = Report['refusals'][number];

/** The measurement search showing one program's measurements. */
const programSearch = (program: string) =>
  `/measurementAnalysis?${paramsFromSearch({ ...defaultSearch, programs: [program] })}`;

function Figure({ label, value }: { label: string; value: number }) {
  const { i18n } = useTranslation();
  return (
    <div className="rounded-md border border-gray-200 px-3 py-2">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="text-lg font-semibold text-gray-900">{value.toLocaleString(i18n.language)}</dd>
    </div>
  );
}

/**
 * What an import did: results read, measurements imported, duplicates (already stored, repeated in the file), the
 * results refused with their line and reason, the probes it created and the programs it imported (each opening the
 * measurement search on it, for a profile that has that screen).
 */
export function ImportReportView({ report }: { report: Report }) {
  const { t } = useTranslation('resultImports');
  const searches = reachesLayer(useProfile()?.layers ?? [], 'measurementAnalysis');
  const columns: Column<Refusal>[] = [
    { key: 'line', header: t('refusalColumns.line') },
    { key: 'index', header: t('refusalColumns.index') },
    {
      key: 'reason',
      header: t('refusalColumns.reason'),
      render: (refusal) => errorMessage(refusal.code, refusal.params),
    },
    { key: 'field', header: t('refusalColumns.field'), identifier: true, render: (refusal) => refusal.field ?? '' },
  ];
  return (
    <div className="space-y-4" data-testid="import-report">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Figure label={t('report.read')} value={report.read} />
        <Figure label={t('report.imported')} value={report.imported} />
        <Figure label={t('report.stored')} value={report.duplicates.stored} />
        <Figure label={t('report.inFile')} value={report.duplicates.inFile} />
        <Figure label={t('report.refused')} value={report.refused} />
      </dl>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-gray-700">{t('report.probesCreated')}</dt>
          <dd className="font-mono text-xs text-gray-800">
            {report.probesCreated.length > 0 ? report.probesCreated.join(', ') : t('report.none')}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">{t('report.programs')}</dt>
          <dd>
            {report.programs.length === 0 && t('report.none')}
            <ul className="flex flex-wrap gap-x-3">
              {report.programs.map((program) => (
                <li key={program} className="font-mono text-xs">
                  {searches ? (
                    <Link
                      className="text-blue-700 hover:underline"
                      to={programSearch(program)}
                      title={t('report.programLink', { program })}
                    >
                      {program}
                    </Link>
                  ) : (
                    program
                  )}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      {report.refusals.length > 0 && (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-800">{t('refusals')}</h3>
          {report.refused > report.refusals.length && (
            <p className="text-xs text-gray-600">
              {t('refusalsListed', { listed: report.refusals.length, count: report.refused })}
            </p>
          )}
          <DataTable
            columns={columns}
            rows={report.refusals}
            rowKey={(refusal) => `${refusal.index}`}
            caption={t('refusals')}
          />
        </section>
      )}
    </div>
  );
}
