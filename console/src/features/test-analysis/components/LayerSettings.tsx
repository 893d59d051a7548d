import type { NetworkLayer } from '@nq/contracts/measurements/test-analysis';
import { useTranslation } from 'react-i18next';
import { useLayerSettings } from '../api/test-analysis.ts';

const written = (settings: Record<string, unknown>) =>
  Object.entries(settings)
    .map(([name, value]) => `${name} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');

/** The probe's layer-3 and layer-4 settings (its further settings), the chosen layer's first. */
export function LayerSettings({ probeId, layer }: { probeId: string; layer?: NetworkLayer | undefined }) {
  const { t } = useTranslation('testAnalysis');
  const settings = useLayerSettings(probeId).data;
  if (!settings) return null;
  const layers: NetworkLayer[] = layer === 'layer4' ? ['layer4', 'layer3'] : ['layer3', 'layer4'];
  return (
    <dl className="mt-3 grid grid-cols-1 gap-1 text-xs text-gray-600 md:grid-cols-2" data-testid="layer-settings">
      {layers.map((name) => (
        <div key={name} className={name === layer ? 'font-medium text-gray-900' : undefined}>
          <dt className="inline">{t(`layerSettings.${name}`)}: </dt>
          <dd className="inline">{settings[name] ? written(settings[name]) : t('noLayerSettings')}</dd>
        </div>
      ))}
    </dl>
  );
}
