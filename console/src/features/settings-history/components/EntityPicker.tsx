import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { type AuditedKind, auditedKindPaths, useEntityChoices } from '../api/audit.ts';

/** Which entity to look at: a kind, then one of its entities by name, or an id typed (deleted ones are not listed). */
export function EntityPicker({
  kind,
  id,
  onKind,
  onPick,
}: {
  kind: AuditedKind;
  id: string;
  onKind: (kind: AuditedKind) => void;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation('settingsHistory');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState(id);
  const choices = useEntityChoices(kind, search);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim()) onPick(typed.trim());
  }

  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SelectField
        label={t('kind')}
        value={kind}
        onChange={(event) => onKind(event.target.value as AuditedKind)}
        options={Object.keys(auditedKindPaths).map((value) => ({ value, label: t(`kinds.${value}`) }))}
      />
      <div className="space-y-2">
        <TextField
          label={t('findByName')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <ul
          aria-label={t('matching')}
          className="max-h-48 overflow-auto rounded-md border border-gray-200 bg-white text-sm"
        >
          {choices.isError && <li className="px-3 py-2 text-gray-500">{t('listUnavailable')}</li>}
          {choices.data?.length === 0 && <li className="px-3 py-2 text-gray-500">{t('common:noRows')}</li>}
          {choices.data?.map((choice) => (
            <li key={choice.id}>
              <button
                type="button"
                onClick={() => {
                  setTyped(choice.id);
                  onPick(choice.id);
                }}
                aria-current={choice.id === id || undefined}
                className={`block w-full px-3 py-1.5 text-left hover:bg-blue-50 ${choice.id === id ? 'bg-blue-100 font-medium' : ''}`}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <form onSubmit={submit} className="space-y-2" aria-label={t('byId')}>
        <TextField label={t('entityId')} value={typed} onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit" variant="secondary" disabled={!typed.trim()}>
          {t('showHistory')}
        </Button>
      </form>
    </div>
  );
}
