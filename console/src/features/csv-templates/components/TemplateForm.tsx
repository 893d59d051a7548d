import { csvBodyOf, csvMeasurementFieldNames } from '@nq/contracts/configuration/csv-template';
import type { Profile } from '@nq/contracts/identity/profile';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { CheckboxField, TextField } from '../../../shared/ui/fields.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { type CsvTemplateView, csvTemplatesApi, type TemplateScope } from '../api/csv-templates-api.ts';
import { type ColumnRow, columnOf, rowOf } from '../model/column-rows.ts';
import { ColumnsEditor } from './ColumnsEditor.tsx';

interface TemplateFormProps {
  scope: TemplateScope;
  /** The template edited; none to create one. */
  template: CsvTemplateView | undefined;
  programs: Profile['programs'];
  profileKpis: readonly string[];
  onClose: () => void;
  onSaved: (position: string | undefined) => void;
}

const startingRows = () => csvMeasurementFieldNames.slice(0, 3).map((field) => rowOf({ field, operation: 'value' }));

/** Create or edit a template: its name, whether the extractor offers it, its columns, and the header row they write. */
export function TemplateForm({ scope, template, programs, profileKpis, onClose, onSaved }: TemplateFormProps) {
  const { t } = useTranslation('csvTemplates');
  const [name, setName] = useState(template?.name ?? '');
  const [active, setActive] = useState(template?.active ?? true);
  const [rows, setRows] = useState<ColumnRow[]>(() => template?.columns.map(rowOf) ?? startingRows());
  const save = useMutation({
    mutationFn: () => {
      const draft = { name, active, columns: rows.map(columnOf) };
      return template ? csvTemplatesApi.update(scope, template.id, draft) : csvTemplatesApi.create(scope, draft);
    },
    onSuccess: (answer) => onSaved(answer.position),
    meta: { silent: true },
  });
  const problems = isApiError(save.error) ? save.error.fieldProblems : {};
  const placed = Object.keys(problems).some((field) => field === 'name' || field.startsWith('columns'));
  const failure =
    save.error && !placed ? (isApiError(save.error) ? save.error.code : 'csvTemplates.saveFailed') : undefined;
  const body = rows.length > 0 ? csvBodyOf(rows.map(columnOf)) : '';

  return (
    <Modal
      open
      wide
      title={template ? t('editTitle', { name: template.name }) : t('createTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button busy={save.isPending} onClick={() => save.mutate()}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        {failure && <ErrorNotice code={failure} />}
        <TextField
          label={t('name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problems.name}
          required
        />
        <CheckboxField
          label={t('active')}
          hint={t('activeHint')}
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
        />
        <ColumnsEditor
          rows={rows}
          onChange={setRows}
          programs={programs}
          profileKpis={profileKpis}
          problems={problems}
        />
        <section aria-labelledby="csv-body-preview">
          <h3 id="csv-body-preview" className="text-sm font-medium text-gray-700">
            {t('bodyPreview')}
          </h3>
          <pre
            data-testid="body-preview"
            className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-gray-50 p-2 font-mono text-xs text-gray-700"
          >
            {body || t('noColumns')}
          </pre>
        </section>
      </form>
    </Modal>
  );
}
