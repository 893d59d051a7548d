import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { DateRangeFields } from '../../../shared/ui/DateRangeFields.tsx';

export type DayWindow = { from: string; to: string };

/**
 * A data window of whole days, applied on submit (Enter in a date field too). Starts from the window asked for or,
 * without one, from the days the answer used, so the fields always say what the numbers cover.
 */
export function WindowPicker({
  legend,
  initial,
  onApply,
  onReset,
}: {
  legend: string;
  initial: DayWindow;
  onApply: (window: DayWindow) => void;
  onReset?: (() => void) | undefined;
}) {
  const { t } = useTranslation('scorecards');
  const [window, setWindow] = useState(initial);
  const endBeforeStart =
    window.from && window.to && window.to < window.from ? errorMessage('validation.endBeforeStart') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!endBeforeStart) onApply(window);
  };
  return (
    <form onSubmit={submit} aria-label={legend}>
      <fieldset className="grid items-end gap-3 sm:grid-cols-[repeat(2,minmax(0,12rem))_auto]">
        <legend className="mb-2 text-sm font-semibold text-gray-700">{legend}</legend>
        <DateRangeFields
          start={window.from}
          end={window.to}
          onStart={(from) => setWindow({ ...window, from })}
          onEnd={(to) => setWindow({ ...window, to })}
          endError={endBeforeStart}
        />
        <div className="flex gap-2">
          <Button type="submit">{t('apply')}</Button>
          {onReset && (
            <Button variant="ghost" onClick={onReset}>
              {t('defaultWindow')}
            </Button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
