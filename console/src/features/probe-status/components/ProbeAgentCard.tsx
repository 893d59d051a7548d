import { useTranslation } from 'react-i18next';
import { Card } from '../../../shared/ui/screens.tsx';
import { ProbeAgentPanel } from './ProbeAgentPanel.tsx';

/** The probe's agent on the probe's own screen. */
export function ProbeAgentCard({ probeId }: { probeId: string }) {
  const { t } = useTranslation('probeStatus');
  return (
    <Card>
      <h2 className="mb-2 text-sm font-semibold text-gray-800">{t('agent')}</h2>
      <ProbeAgentPanel probeId={probeId} />
    </Card>
  );
}
