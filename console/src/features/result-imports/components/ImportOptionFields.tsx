import { technologyCodes } from '@nq/contracts/configuration/common';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../shared/api/profile.ts';
import { technologyText } from '../../../shared/i18n/value-texts.ts';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { type ImportDraft, takesOption } from '../model/import-draft.ts';
import { formatDefaults } from '../model/import-formats.ts';

/** The options the chosen format reads, and only those: what its results do not say themselves. */
export function ImportOptionFields({
  draft,
  problems,
  onChange,
}: {
  draft: ImportDraft;
  problems: Record<string, string | undefined>;
  onChange: (changes: Partial<ImportDraft>) => void;
}) {
  const { t } = useTranslation('resultImports');
  const timeZone = useTimeZone();
  const { format } = draft;
  const defaults = formatDefaults[format];
  const technologies = technologyCodes
    .filter((code) => code !== 0)
    .map((code) => ({ value: String(code), label: technologyText(t, code) }));
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-medium text-gray-700">{t('options')}</legend>
      {takesOption(format, 'probe') && (
        <TextField
          label={t('probe')}
          value={draft.probe}
          onChange={(event) => onChange({ probe: event.target.value })}
          hint={t('probeHint', { probe: defaults.probe })}
          error={problems.probe}
        />
      )}
      {takesOption(format, 'program') && (
        <TextField
          label={t('program')}
          value={draft.program}
          onChange={(event) => onChange({ program: event.target.value })}
          hint={t('programHint', { program: defaults.program })}
          error={problems.program}
        />
      )}
      {takesOption(format, 'technology') && (
        <SelectField
          label={t('technology')}
          value={draft.technology}
          options={technologies}
          placeholder={t('technologyNone')}
          onChange={(event) => onChange({ technology: event.target.value })}
          hint={t('technologyHint')}
          error={problems.technology}
        />
      )}
      {takesOption(format, 'direction') && (
        <SelectField
          label={t('direction')}
          value={draft.direction}
          options={[
            { value: 'download', label: t('directions.download') },
            { value: 'upload', label: t('directions.upload') },
          ]}
          placeholder={t('directionNone')}
          onChange={(event) => onChange({ direction: event.target.value as ImportDraft['direction'] })}
          hint={t('directionHint')}
          error={problems.direction}
        />
      )}
      {takesOption(format, 'measuredAt') && (
        <TextField
          label={t('measuredAt', { timeZone })}
          type="datetime-local"
          value={draft.measuredAt}
          onChange={(event) => onChange({ measuredAt: event.target.value })}
          hint={t(`measuredAtHint.${format}`)}
          error={problems.measuredAt}
        />
      )}
    </fieldset>
  );
}
