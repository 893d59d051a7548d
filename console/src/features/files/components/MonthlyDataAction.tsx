import { wallClockAt } from '@nq/contracts/analytics/wall-clock';
import {
  type CalendarMonth,
  monthlyDataRefusal,
  monthlyDataYears,
  previousMonth,
} from '@nq/contracts/files/monthly-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { type Profile, useProfile } from '../../../shared/api/profile.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { FieldFrame, inputClass } from '../../../shared/ui/fields.tsx';
import { DialogActions, Modal } from '../../../shared/ui/Modal.tsx';
import { showToast } from '../../../shared/ui/toasts.ts';
import { fileKeys } from '../api/files-api.ts';
import { generateMonthlyData } from '../api/monthly-data-api.ts';

/** The administrators of the regulator generate the month's data (the API refuses anyone else). */
const generatesMonthlyData = (profile: Profile | undefined) => !!profile && (profile.rol === 'admin' || profile.isGod);

/**
 * "Generate monthly data" on the files screen; the file then shows in the list, in progress
 * (docs/product/api.md#files).
 */
export function MonthlyDataAction() {
  const { t } = useTranslation('files');
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  if (!profile || !generatesMonthlyData(profile)) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('monthlyData.action')}
      </Button>
      {open && <MonthlyDataDialog profile={profile} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Newest first: the years of the profile's dates up to this one, within those the API takes. */
function yearsOf(profile: Profile, now: Date) {
  const yearOf = (instant: string | undefined) => (instant ? new Date(instant).getUTCFullYear() : undefined);
  const thisYear = new Date(wallClockAt(now.getTime(), profile.timeZone)).getUTCFullYear();
  const last = Math.min(thisYear, yearOf(profile.tsEnd) ?? thisYear, monthlyDataYears.max);
  const first = Math.max(yearOf(profile.tsStart) ?? monthlyDataYears.min, monthlyDataYears.min);
  return Array.from({ length: Math.max(last - first + 1, 1) }, (_, index) => last - index);
}

function MonthlyDataDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t, i18n } = useTranslation('files');
  const queryClient = useQueryClient();
  const [now] = useState(() => new Date());
  const [asked, setAsked] = useState<CalendarMonth>(() => previousMonth(now, profile.timeZone));
  const yearId = useId();
  const monthId = useId();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const refusalOf = (month: CalendarMonth) => monthlyDataRefusal(month, profile, now);
  const refusal = refusalOf(asked);

  const generate = useMutation({
    mutationFn: generateMonthlyData,
    onSuccess: async ({ file }) => {
      await queryClient.invalidateQueries({ queryKey: fileKeys.all });
      showToast({ kind: 'success', text: t('monthlyData.requested', { name: file.name }) });
      onClose();
    },
  });
  const problem = refusal
    ? errorMessage(refusal.code, refusal.params)
    : generate.error
      ? isApiError(generate.error)
        ? generate.error.localized
        : errorMessage('files.generationFailed')
      : undefined;
  const choose = (month: CalendarMonth) => {
    generate.reset();
    setAsked(month);
  };

  return (
    <Modal
      open
      title={t('monthlyData.title')}
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose}>
          <Button busy={generate.isPending} disabled={!!refusal} onClick={() => generate.mutate(asked)}>
            {t('monthlyData.generate')}
          </Button>
        </DialogActions>
      }
    >
      <p className="mb-3 text-sm text-gray-600">{t('monthlyData.intro', { timeZone: profile.timeZone })}</p>
      <div className="grid grid-cols-2 gap-3">
        <FieldFrame id={yearId} label={t('monthlyData.year')}>
          <select
            id={yearId}
            className={inputClass(undefined)}
            value={asked.year}
            onChange={(event) => choose({ ...asked, year: Number(event.target.value) })}
          >
            {yearsOf(profile, now).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id={monthId} label={t('monthlyData.month')}>
          <select
            id={monthId}
            className={inputClass(problem)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${monthId}-problem` : undefined}
            value={asked.month}
            onChange={(event) => choose({ ...asked, month: Number(event.target.value) })}
          >
            {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
              <option key={month} value={month} disabled={!!refusalOf({ year: asked.year, month })}>
                {monthName.format(Date.UTC(2000, month - 1, 1))}
              </option>
            ))}
          </select>
        </FieldFrame>
      </div>
      {problem && (
        <p id={`${monthId}-problem`} role="alert" className="mt-2 text-sm text-rose-700">
          {problem}
        </p>
      )}
    </Modal>
  );
}
