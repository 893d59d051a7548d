import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError, specificCodeOr } from '../../../shared/api/api-error.ts';
import { kpiLabel } from '../../../shared/entity-screen/kpi-options.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { ErrorNotice, Notices } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { type Calculation, useRegulatoryCalculation } from '../api/regulatory-reports-api.ts';
import { numberText } from '../model/statistics.ts';
import { Comparisons } from './Comparisons.tsx';
import { FigureTables } from './FigureTables.tsx';
import { MethodLine, Reproduction } from './MethodAndReproduction.tsx';
import { RegulatoryFileButton } from './RegulatoryFileButton.tsx';

/** What the population left out and why, with how many measurements each. */
function Exclusions({ calculation }: { calculation: Calculation }) {
  const { t } = useTranslation('regulatoryReports');
  const exclusions = calculation.exclusions.filter((exclusion) => exclusion.measurements > 0);
  if (exclusions.length === 0) return <p className="text-sm text-gray-600">{t('noExclusions')}</p>;
  return (
    <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={t('exclusionsTitle')}>
      <thead className="bg-gray-50 text-gray-600">
        <tr>
          <th scope="col" className="px-3 py-2 text-left">
            {t('reason')}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {t('measurements')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {exclusions.map((exclusion) => (
          <tr key={exclusion.reason} data-reason={exclusion.reason}>
            <th scope="row" className="px-3 py-2 text-left font-normal">
              {t(`exclusions.${exclusion.reason}`)}
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{numberText(exclusion.measurements)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /regulatory_format/{id}: a regulatory report's figures per provider (and technology) with their 95 % intervals and
 * sample sizes, the figures withheld and why, which providers differ, what was excluded, the method, and what
 * reproduces them (kept in the address: `asOf`, `receivedUntil`); its PDF and CSV made by a job.
 */
export default function RegulatoryReportPage() {
  const { t } = useTranslation('regulatoryReports');
  const { id = '' } = useParams();
  const { params, set } = useAddressState();
  const ask = { asOf: params.get('asOf') || undefined, receivedUntil: params.get('receivedUntil') || undefined };
  const calculation = useRegulatoryCalculation(id, ask);
  const answer = calculation.data;
  const failure = calculation.error
    ? specificCodeOr('regulatoryReports.calculateFailed')(calculation.error)
    : undefined;
  const pinned = Boolean(ask.asOf || ask.receivedUntil);

  const reproduce = () => {
    if (!answer) return;
    const { asOf, receivedUntil } = answer.reproduce;
    if (ask.asOf === asOf && ask.receivedUntil === receivedUntil) void calculation.refetch();
    else set({ asOf, receivedUntil }, { history: 'push' });
  };
  const latest = () => {
    if (pinned) set({ asOf: undefined, receivedUntil: undefined }, { history: 'push' });
    else void calculation.refetch();
  };
  const shown = answer && !failure ? answer : undefined;
  const fileAsk = shown ? { asOf: shown.reproduce.asOf, receivedUntil: shown.reproduce.receivedUntil } : {};

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={answer?.report.name ?? t('resultsTitle')}
        actions={
          <>
            <Link to="/regulatory_format" className="self-start pt-1.5 text-sm text-blue-700 underline">
              {t('allReports')}
            </Link>
            <RegulatoryFileButton reportId={id} format="pdf" asked={fileAsk} disabled={!shown} />
            <RegulatoryFileButton reportId={id} format="csv" asked={fileAsk} disabled={!shown} />
          </>
        }
      >
        {answer?.report.description && <p className="max-w-3xl text-sm text-gray-600">{answer.report.description}</p>}
      </PageHeader>
      {failure && (
        <ErrorNotice
          code={failure}
          params={isApiError(calculation.error) ? calculation.error.params : undefined}
          onRetry={() => void calculation.refetch()}
          retryLabel={t('retry')}
        />
      )}
      {calculation.isPending && !failure && <Spinner label={t('common:loading')} />}
      {shown && (
        <>
          <Card className="flex flex-col gap-3">
            <MethodLine calculation={shown} />
            <Reproduction
              calculation={shown}
              pinned={pinned}
              busy={calculation.isFetching}
              onReproduce={reproduce}
              onLatest={latest}
            />
            <Notices
              notices={shown.warnings.map(({ code, params: values }) => ({
                code,
                ...(values
                  ? { params: { ...values, ...(values.kpi ? { kpi: kpiLabel(String(values.kpi)) } : {}) } }
                  : {}),
              }))}
            />
          </Card>
          <Card className="flex flex-col gap-3">
            <h2 className="text-base font-semibold text-gray-900">{t('figuresTitle')}</h2>
            <div aria-busy={calculation.isFetching || undefined}>
              {shown.groups.length > 0 ? (
                <FigureTables calculation={shown} />
              ) : (
                shown.warnings.length === 0 && <p className="text-sm text-gray-600">{t('noFigures')}</p>
              )}
            </div>
          </Card>
          {shown.groups.length > 0 && (
            <Card className="flex flex-col gap-3">
              <h2 className="text-base font-semibold text-gray-900">{t('comparisonsTitle')}</h2>
              <Comparisons calculation={shown} />
            </Card>
          )}
          <Card className="flex flex-col gap-3">
            <h2 className="text-base font-semibold text-gray-900">{t('exclusionsTitle')}</h2>
            <Exclusions calculation={shown} />
          </Card>
        </>
      )}
    </div>
  );
}
