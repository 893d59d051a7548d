import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { useProgramName } from '../../../shared/i18n/useProgramName.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { MeasurementDetailView } from '../../measurement-analysis/components/MeasurementDetailPage.tsx';
import { paramsFromView, type TestAnalysisView, viewFromParams, windowOf } from '../api/analysis-params.ts';
import { usePrograms, useResults } from '../api/test-analysis.ts';
import { KpiChart } from './KpiChart.tsx';
import { LayerSettings } from './LayerSettings.tsx';
import { ProbePicker } from './ProbePicker.tsx';
import { ProgramList } from './ProgramList.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { WindowFilters } from './WindowFilters.tsx';

/**
 * /test_analysis: choose a probe, see its programs in a window, then one program's KPI over time and its
 * results page by page; a result opens the measurement's detail (its own page when the profile has measurement
 * analysis, else a dialog here). Everything chosen stays in the address.
 */
export default function TestAnalysisPage() {
  const { t } = useTranslation('testAnalysis');
  const navigate = useNavigate();
  const profile = useProfile();
  const programName = useProgramName();
  const { params, update: updateAddress } = useAddressState();
  const view = viewFromParams(params);
  const update = (changes: Partial<TestAnalysisView>) =>
    updateAddress(() => paramsFromView({ ...view, ...changes }), { history: 'push' });
  const [openDetail, setOpenDetail] = useState<string>();

  const { probe, program } = view;
  const programs = usePrograms(probe, { from: view.from, to: view.to });
  const results = useResults(probe, program, {
    ...windowOf(view),
    page: view.page,
    pageSize: view.pageSize,
    order: view.order,
  });

  const hasDetailPage = profile?.layers.some((layer) => layer.id === 'measurementAnalysis') ?? false;
  const open = (measurementId: string) =>
    hasDetailPage
      ? navigate(`/measurementAnalysis/detail/${encodeURIComponent(measurementId)}`, {
          state: { backTo: `/test_analysis?${params.toString()}` },
        })
      : setOpenDetail(measurementId);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')}>
        <p className="text-sm text-gray-500">{t('subtitle')}</p>
      </PageHeader>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[20rem_1fr]">
        <Card>
          <h2 className="mb-3 text-base font-semibold text-gray-800">{t('probe')}</h2>
          <ProbePicker
            chosen={probe}
            onChoose={(probeId) => update({ probe: probeId, program: undefined, kpi: undefined, page: 1 })}
          />
        </Card>
        <div className="flex min-w-0 flex-col gap-4">
          <Card>
            <WindowFilters
              filters={windowOf(view)}
              onChange={(filters) =>
                update({ from: undefined, to: undefined, status: undefined, layer: undefined, ...filters, page: 1 })
              }
            />
            {probe && <LayerSettings probeId={probe} layer={view.layer} />}
          </Card>
          {!probe ? (
            <p className="text-sm text-gray-500" data-testid="choose-probe">
              {t('chooseProbe')}
            </p>
          ) : (
            <Card>
              <h2 className="mb-3 text-base font-semibold text-gray-800">{t('programsOf', { probe })}</h2>
              {programs.isPending && <Spinner label={t('common:loading')} />}
              {programs.isError && (
                <ErrorNotice code={errorCodeOf(programs.error, 'testAnalysis.programsFetchFailed')} />
              )}
              {programs.data &&
                (programs.data.list.length === 0 ? (
                  <p className="text-sm text-gray-500">{t('noPrograms')}</p>
                ) : (
                  <ProgramList
                    programs={programs.data.list}
                    chosen={program}
                    onChoose={(chosen) => update({ program: chosen, kpi: undefined, page: 1 })}
                  />
                ))}
            </Card>
          )}
          {probe && program && (
            <>
              <Card>
                <h2 className="mb-3 text-base font-semibold text-gray-800">
                  {t('overTime', { program: programName(program) })}
                </h2>
                {results.data && (
                  <KpiChart
                    probeId={probe}
                    program={program}
                    view={view}
                    kpis={results.data.kpis}
                    onKpi={(kpi) => update({ kpi })}
                  />
                )}
              </Card>
              <Card>
                <h2 className="mb-3 text-base font-semibold text-gray-800">
                  {t('resultsOf', { program: programName(program) })}
                </h2>
                {results.isError ? (
                  <ErrorNotice code={errorCodeOf(results.error, 'testAnalysis.resultsFetchFailed')} />
                ) : (
                  <ResultsTable
                    results={results.data}
                    loading={results.isFetching}
                    view={view}
                    onView={update}
                    onOpen={open}
                  />
                )}
              </Card>
            </>
          )}
        </div>
      </div>
      <Modal
        wide
        title={t('detailTitle')}
        open={openDetail !== undefined}
        onClose={() => setOpenDetail(undefined)}
        footer={
          <Button variant="secondary" onClick={() => setOpenDetail(undefined)}>
            {t('close')}
          </Button>
        }
      >
        {openDetail && (
          <div className="flex flex-col gap-4">
            <MeasurementDetailView measurementId={openDetail} />
          </div>
        )}
      </Modal>
    </div>
  );
}

/** The catalogue code a failed read answered (a probe not seen: probes.notFound), else the screen's own. */
const errorCodeOf = (error: unknown, fallback: string) => (isApiError(error) ? error.code : fallback);
