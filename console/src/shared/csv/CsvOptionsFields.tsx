import type { Language } from '@nq/contracts/errors/index';
import { type CsvDecimalSeparator, type CsvDelimiter, csvDefaultTimeZone } from '@nq/contracts/files/csv-options';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../i18n/i18n.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField, SelectField } from '../ui/fields.tsx';
import { DialogActions, Modal } from '../ui/Modal.tsx';
import type { CsvOptionsState } from './useCsvOptions.ts';

const timeZones = [...new Set([csvDefaultTimeZone, ...Intl.supportedValuesOf('timeZone')])];
const delimiterNames: Record<CsvDelimiter, string> = { ',': 'comma', ';': 'semicolon' };
const decimalNames: Record<CsvDecimalSeparator, string> = { '.': 'point', ',': 'comma' };

/**
 * How a CSV is written, as the user asks for it: delimiter, decimal separator, byte-order mark, the time zone of its
 * dates and times and the language of its headers. Its defaults follow the interface language (`useCsvOptions`); a
 * decimal comma with the comma delimiter shows the catalogue's message, and the caller keeps its action disabled. A file
 * whose headers are not the file's to translate (an extraction writes its template's column names) says so instead of
 * offering the header language (`headerLanguage={false}`).
 */
export function CsvOptionsFields({
  state,
  headerLanguage = true,
}: {
  state: CsvOptionsState;
  headerLanguage?: boolean;
}) {
  const { t } = useTranslation('csvOptions');
  const { options, problem, change } = state;
  const zones = timeZones.includes(options.timeZone) ? timeZones : [options.timeZone, ...timeZones];
  return (
    <fieldset className="space-y-2" data-testid="csv-options">
      <legend className="text-sm font-medium text-gray-700">{t('legend')}</legend>
      <p className="text-xs text-gray-500">{t('hint')}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={t('delimiter')}
          value={options.delimiter}
          onChange={(event) => change({ delimiter: event.target.value as CsvDelimiter })}
          options={(Object.keys(delimiterNames) as CsvDelimiter[]).map((value) => ({
            value,
            label: t(`delimiters.${delimiterNames[value]}`),
          }))}
        />
        <SelectField
          label={t('decimalSeparator')}
          value={options.decimalSeparator}
          error={problem ? errorMessage(problem.code, problem.params) : undefined}
          onChange={(event) => change({ decimalSeparator: event.target.value as CsvDecimalSeparator })}
          options={(Object.keys(decimalNames) as CsvDecimalSeparator[]).map((value) => ({
            value,
            label: t(`decimalSeparators.${decimalNames[value]}`),
          }))}
        />
        <SelectField
          label={t('timeZone')}
          value={options.timeZone}
          onChange={(event) => change({ timeZone: event.target.value })}
          options={zones.map((zone) => ({ value: zone, label: zone }))}
        />
        {headerLanguage ? (
          <SelectField
            label={t('headerLanguage')}
            value={options.headerLanguage}
            onChange={(event) => change({ headerLanguage: event.target.value as Language })}
            options={(['en', 'es'] as const).map((value) => ({ value, label: t(`languages.${value}`) }))}
          />
        ) : (
          <p className="self-end text-xs text-gray-500">{t('templateHeaders')}</p>
        )}
      </div>
      <CheckboxField
        label={t('bom')}
        checked={options.bom}
        onChange={(event) => change({ bom: event.target.checked })}
      />
    </fieldset>
  );
}

/**
 * A CSV's format asked for before it is made (a chart's data, a scorecard): the options, then Download, which hands
 * them over; Download waits while the separators clash.
 */
export function CsvExportDialog({
  open,
  name,
  state,
  busy = false,
  onClose,
  onDownload,
}: {
  open: boolean;
  /** What the file holds (a chart's title, a scorecard's name). */
  name: string;
  state: CsvOptionsState;
  busy?: boolean;
  onClose: () => void;
  onDownload: (options: CsvOptionsState['options']) => void;
}) {
  const { t } = useTranslation('csvOptions');
  return (
    <Modal
      open={open}
      title={t('dialogTitle', { name })}
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose}>
          <Button busy={busy} disabled={state.problem !== undefined} onClick={() => onDownload(state.options)}>
            {t('download')}
          </Button>
        </DialogActions>
      }
    >
      <CsvOptionsFields state={state} />
    </Modal>
  );
}
