import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { probeStatusApi, probeStatusKeys } from '../api/probe-status-api.ts';
import { ProbeAgentFacts } from './ProbeAgentFacts.tsx';

/** A probe's agent as its last report tells it, read for this probe alone; follows the navbar's refresh interval. */
export function ProbeAgentPanel({ probeId }: { probeId: string }) {
  const { t } = useTranslation('probeStatus');
  const detail = useQuery({
    queryKey: probeStatusKeys.detail(probeId),
    queryFn: ({ signal }) => probeStatusApi.detail(probeId, signal),
    refetchInterval: useRefreshInterval(),
    // The panel says it itself: a toast would repeat it on every refresh.
    meta: { silent: true },
  });
  if (detail.isPending) return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <p className="text-sm text-gray-600">{t('agentUnavailable')}</p>;
  if (!detail.data.state) return <p className="text-sm text-gray-600">{t('neverReported')}</p>;
  return <ProbeAgentFacts agent={detail.data} />;
}
