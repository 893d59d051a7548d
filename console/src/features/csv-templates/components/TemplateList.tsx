import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import type { CsvTemplateView } from '../api/csv-templates-api.ts';

interface TemplateListProps {
  templates: CsvTemplateView[];
  /** Moves a stored template (its index in `templates`) to another place among the stored ones. */
  onMove: (from: number, to: number) => void;
  onFavorite: (template: CsvTemplateView) => void;
  onEdit: (template: CsvTemplateView) => void;
  onDelete: (template: CsvTemplateView) => void;
}

/**
 * The templates in the profile's order, the default one first and fixed. The others move by drag and drop, by their
 * up and down buttons, or with the arrow keys on their handle.
 */
export function TemplateList({ templates, onMove, onFavorite, onEdit, onDelete }: TemplateListProps) {
  const { t } = useTranslation('csvTemplates');
  const [dragged, setDragged] = useState<number>();
  const last = templates.length - 1;
  const nameOf = (template: CsvTemplateView) => (template.builtIn ? t('defaultName') : template.name);
  const onHandleKey = (index: number) => (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onMove(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  const dropOn = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== undefined && index > 0) onMove(dragged, index);
    setDragged(undefined);
  };

  return (
    <ol className="divide-y rounded-lg border bg-white" aria-label={t('listLabel')}>
      {templates.map((template, index) => (
        <li
          key={template.id}
          data-testid="template-row"
          data-template-id={template.id}
          draggable={!template.builtIn}
          onDragStart={() => setDragged(index)}
          onDragOver={(event) => !template.builtIn && event.preventDefault()}
          onDrop={dropOn(index)}
          className={`flex flex-wrap items-center gap-3 px-3 py-2 ${dragged === index ? 'opacity-50' : ''}`}
        >
          <button
            type="button"
            aria-pressed={template.favorite}
            aria-label={t('favoriteOf', { name: nameOf(template) })}
            title={template.favorite ? t('unmarkFavorite') : t('markFavorite')}
            onClick={() => onFavorite(template)}
            className={`text-xl leading-none focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
              template.favorite ? 'text-amber-500' : 'text-gray-300 hover:text-amber-400'
            }`}
          >
            {template.favorite ? '★' : '☆'}
          </button>
          {template.builtIn ? (
            <span className="w-6" />
          ) : (
            <button
              type="button"
              aria-label={t('reorderHandle', { name: template.name })}
              title={t('reorderHint')}
              onKeyDown={onHandleKey(index)}
              className="w-6 cursor-grab text-gray-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            >
              ⠿
            </button>
          )}
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2 text-sm font-medium text-gray-900">
              <span data-testid="template-name">{nameOf(template)}</span>
              {template.builtIn && (
                <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-800">{t('builtIn')}</span>
              )}
              {!template.active && (
                <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs text-gray-700">{t('inactive')}</span>
              )}
            </p>
            <p className="truncate font-mono text-xs text-gray-500" title={template.body}>
              {t('columnCount', { count: template.columns.length })} · {template.body}
            </p>
          </div>
          {!template.builtIn && (
            <div className="flex flex-wrap gap-1">
              <Button
                variant="ghost"
                aria-label={t('moveUp', { name: template.name })}
                disabled={index <= 1}
                onClick={() => onMove(index, index - 1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                aria-label={t('moveDown', { name: template.name })}
                disabled={index === last}
                onClick={() => onMove(index, index + 1)}
              >
                ↓
              </Button>
              <Button
                variant="secondary"
                onClick={() => onEdit(template)}
                aria-label={t('editOf', { name: template.name })}
              >
                {t('edit')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => onDelete(template)}
                aria-label={t('deleteOf', { name: template.name })}
              >
                {t('delete')}
              </Button>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
