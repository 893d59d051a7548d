import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ComparisonScreen, type ComparisonScreenConfig } from './ComparisonScreen.tsx';

/**
 * /bydestination: one KPI per destination of the chosen programs (the profile's targets for them), then any
 * further breakdowns. Programs without targets are warned of; with none left the API refuses (docs/product/errors.md,
 * toasts 10 s).
 */
export default function ByDestinationPage() {
  const { t } = useTranslation(['comparisonScreens', 'analysis']);
  const config = useMemo<ComparisonScreenConfig>(
    () => ({
      title: t('comparisonScreens:byDestination.title'),
      path: '/api/bydestination',
      taken: () => ['destination'],
      options: ['outliers'],
      ordered: false,
      programsRequired: true,
      axisTitle: () => t('analysis:breakdowns.destination'),
    }),
    [t],
  );
  return <ComparisonScreen config={config} />;
}
