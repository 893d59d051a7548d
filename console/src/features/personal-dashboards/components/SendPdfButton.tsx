import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { dashboardKeys, dashboardsApi, type PersonalDashboard } from '../api/dashboards-api.ts';
import { drawnAsTableInPdf, exceedsPdf } from '../model/pdf-table-rows.ts';

/** The browser's time zone: the PDF writes its times in it. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Send as PDF by e-mail (docs/product/screens.md#dashboards_personal): a job makes the PDF (every category's graphics,
 * as saved), which lands in files management; an e-mail brings its link. When a table has more rows than the PDF
 * shows, the user is warned first.
 */
export function SendPdfButton({ dashboard }: { dashboard: PersonalDashboard }) {
  const { t } = useTranslation('personalDashboards');
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [sending, setSending] = useState(false);
  const [warned, setWarned] = useState(false);

  /** The PDF draws the tables from the graphics' saved requests: those already drawn here are not asked again. */
  const someTableExceedsPdf = async () => {
    const graphics = dashboard.categories.flatMap((category) => category.graphics);
    const answers = await Promise.all(
      graphics.map(async (graphic) => {
        if (!drawnAsTableInPdf(graphic)) return false;
        const answer = await queryClient
          .fetchQuery({
            queryKey: dashboardKeys.graphic(graphic.request),
            queryFn: ({ signal }) => dashboardsApi.graphic(graphic.request, signal),
            staleTime: 60_000,
          })
          .catch(() => undefined);
        return exceedsPdf(graphic, answer);
      }),
    );
    return answers.some(Boolean);
  };

  const send = async () => {
    setWarned(false);
    setSending(true);
    try {
      await dashboardsApi.send(dashboard.id, browserTimeZone());
      toast.success(t('sendStarted'));
    } catch (error) {
      toast.error(error, 'dashboards.sendFailed');
    } finally {
      setSending(false);
    }
  };
  const start = async () => {
    setChecking(true);
    const tooLong = await someTableExceedsPdf();
    setChecking(false);
    if (tooLong) setWarned(true);
    else await send();
  };

  return (
    <>
      <Button variant="secondary" busy={checking || sending} onClick={() => void start()}>
        {t('sendPdf')}
      </Button>
      <ConfirmDialog
        open={warned}
        title={t('sendPdfTitle')}
        message={errorMessage('dashboards.tableExceedsPdf')}
        confirmLabel={t('sendAnyway')}
        onCancel={() => setWarned(false)}
        onConfirm={() => void send()}
      />
    </>
  );
}
