import { alertMaxRecipients } from '@nq/contracts/configuration/alert';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { inputClass } from '../../../shared/ui/fields.tsx';
import { newKey, type Problems, type RecipientRow } from '../model/alert-draft.ts';

interface RecipientsEditorProps {
  rows: RecipientRow[];
  onChange: (rows: RecipientRow[]) => void;
  problems: Problems;
}

/** The e-mail notification's recipients, one address per row, each with its problem under it. */
export function RecipientsEditor({ rows, onChange, problems }: RecipientsEditorProps) {
  const { t } = useTranslation('alerts');
  const listProblem = problems['email.recipients'] ?? problems.email;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">{t('fields.recipients')}</legend>
      <ul className="space-y-2">
        {rows.map((row, index) => {
          const position = index + 1;
          const problem = problems[`email.recipients.${index}`];
          return (
            <li key={row.key}>
              <div className="flex items-center gap-2">
                <input
                  type="email"
                  aria-label={t('recipientRow.address', { position })}
                  value={row.address}
                  onChange={(event) =>
                    onChange(
                      rows.map((other, at) => (at === index ? { ...other, address: event.target.value } : other)),
                    )
                  }
                  className={inputClass(problem)}
                />
                <Button
                  variant="ghost"
                  aria-label={t('recipientRow.remove', { position })}
                  onClick={() => onChange(rows.filter((_, at) => at !== index))}
                >
                  ✕
                </Button>
              </div>
              {problem && (
                <p role="alert" className="mt-1 text-xs text-rose-600">
                  {problem}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {listProblem && (
        <p role="alert" className="text-xs text-rose-600">
          {listProblem}
        </p>
      )}
      <Button
        variant="secondary"
        disabled={rows.length >= alertMaxRecipients}
        onClick={() => onChange([...rows, { key: newKey(), address: '' }])}
      >
        {t('addRecipient')}
      </Button>
    </fieldset>
  );
}
