import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Card, FormAlert, PageHeader } from '../../../shared/ui/screens.tsx';

export interface FormFrameProps {
  title: string;
  /** A catalogue code shown above the form (a problem no field shows). */
  formError?: string | undefined;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
}

/** The form half of a list-and-form screen: title, back to the list, the problem above the form, save and cancel. */
export function FormFrame({ title, formError, saving, onSave, children }: FormFrameProps) {
  const { t } = useTranslation('geo');
  return (
    <div>
      <PageHeader
        title={title}
        actions={
          <Link to={{ search: '' }} className="text-sm text-blue-700 hover:underline">
            ← {t('form.backToList')}
          </Link>
        }
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <Card className="space-y-5">
          {formError && <FormAlert>{errorMessage(formError)}</FormAlert>}
          {children}
          <div className="flex justify-end gap-2 border-t pt-4">
            <Link
              to={{ search: '' }}
              className="inline-flex items-center rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              {t('common:cancel')}
            </Link>
            <Button type="submit" busy={saving} data-testid="save-entity">
              {t('common:save')}
            </Button>
          </div>
        </Card>
      </form>
    </div>
  );
}
