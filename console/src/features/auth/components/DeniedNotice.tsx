import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/api/session-store.ts';

/**
 * Why the user is on the login page after a guard refused a screen (docs/product/screens.md#access-and-navigation): the
 * screen's name, and for a user who is still signed in the way back to their start page.
 */
export function DeniedNotice({ layer }: { layer: string }) {
  const { t, i18n } = useTranslation('auth');
  const session = useSession();
  const screen = i18n.exists(`layers:${layer}`) ? t(`layers:${layer}`) : undefined;
  return (
    <div role="status" className="mb-4 space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
      <p>{screen ? t('deniedScreen', { screen }) : t('denied')}</p>
      {session && (
        <p>
          <Link to={`/${session.landing}`} className="font-medium text-blue-700 hover:underline">
            {t('backToStart', { screen: t(`layers:${session.landing}`, { defaultValue: session.landing }) })}
          </Link>
        </p>
      )}
    </div>
  );
}
