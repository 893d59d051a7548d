import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../shared/ui/fields.tsx';
import { PolygonUpload, type PolygonUploadProps } from '../../geo-polygons/components/PolygonUpload.tsx';
import type { DraftForm } from './useDraftForm.ts';

// The fields the geo forms (campaigns, geographic filters, clusters) have in common, each bound to its draft field.

interface DraftFieldProps<Draft> {
  form: Pick<DraftForm<Draft>, 'draft' | 'change' | 'fieldError'>;
}

export function NameField({ form }: DraftFieldProps<{ name: string }>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('geo:form.name')}
      value={form.draft.name}
      maxLength={64}
      required
      onChange={(event) => form.change({ name: event.target.value })}
      error={form.fieldError('name')}
    />
  );
}

export function SpecialField({ form, label }: DraftFieldProps<{ special: boolean }> & { label: string }) {
  return (
    <div className="self-end pb-1">
      <CheckboxField
        label={label}
        checked={form.draft.special}
        onChange={(event) => form.change({ special: event.target.checked })}
      />
    </div>
  );
}

export interface DayRangeFieldsProps extends DraftFieldProps<{ startDate: string; endDate: string }> {
  startLabel: string;
  endLabel: string;
  startHint?: string;
  required?: boolean;
}

/** The first and last days (two grid cells): the last may not be chosen before the first. */
export function DayRangeFields({ form, startLabel, endLabel, startHint, required }: DayRangeFieldsProps) {
  return (
    <>
      <TextField
        type="date"
        label={startLabel}
        value={form.draft.startDate}
        required={required}
        onChange={(event) => form.change({ startDate: event.target.value })}
        error={form.fieldError('startDate')}
        hint={startHint}
      />
      <TextField
        type="date"
        label={endLabel}
        value={form.draft.endDate}
        min={form.draft.startDate || undefined}
        required={required}
        onChange={(event) => form.change({ endDate: event.target.value })}
        error={form.fieldError('endDate')}
      />
    </>
  );
}

/** The polygon, uploaded from a file and shown labelled with the entity's name. */
export function PolygonField({
  form,
  clearable,
}: DraftFieldProps<{ name: string; polygon?: PolygonUploadProps['polygon'] }> & Pick<PolygonUploadProps, 'clearable'>) {
  return (
    <PolygonUpload
      polygon={form.draft.polygon}
      onChange={(polygon) => form.change({ polygon })}
      error={form.fieldError('polygon')}
      clearable={clearable}
      label={form.draft.name}
    />
  );
}
