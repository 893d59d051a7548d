import { useTranslation } from 'react-i18next';
import { MessagePanel } from '../shared/ui/screens.tsx';

/** A declared page (docs/product/screens.md) whose screen has not landed yet: said plainly, inside the shell. */
export function NotAvailableScreen({ layer }: { layer: string }) {
  const { t } = useTranslation();
  return (
    <MessagePanel
      testId="not-available"
      title={t('notAvailableTitle')}
      body={t('notAvailableBody', { screen: t(`layers:${layer}`) })}
    />
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return <MessagePanel testId="not-found" title={t('notFoundTitle')} body={t('notFoundBody')} />;
}
