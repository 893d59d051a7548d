import { useTranslation } from 'react-i18next';
import { TextField } from './fields.tsx';

/** The "from" and "to" dates of an analysis filter (two grid cells); `endError` shows under "to". */
export function DateRangeFields({
  start,
  end,
  onStart,
  onEnd,
  endError,
}: {
  start: string;
  end: string;
  onStart: (date: string) => void;
  onEnd: (date: string) => void;
  endError?: string | undefined;
}) {
  const { t } = useTranslation('analysis');
  return (
    <>
      <TextField label={t('from')} type="date" value={start} onChange={(event) => onStart(event.target.value)} />
      <TextField
        label={t('to')}
        type="date"
        value={end}
        onChange={(event) => onEnd(event.target.value)}
        error={endError}
      />
    </>
  );
}
