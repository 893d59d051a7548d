import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../shared/api/profile.ts';
import { useSession } from '../../../shared/api/session-store.ts';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';

/** The user's own profile: who they are and what the profile they work under lets them see. */
export default function MyProfilePage() {
  const { t } = useTranslation('shell');
  const profile = useProfile();
  const session = useSession();
  if (!profile || !session) return null;
  const rows: [string, string][] = [
    [t('email'), session.data.email],
    [t('profileName'), profile.name],
    [t('role'), t(`profilesManagement:roles.${profile.rol}`)],
    [t('service'), t(`profilesManagement:services.${profile.service}`)],
    [t('timeZone'), profile.timeZone],
    [
      t('dateLimits'),
      profile.tsStart || profile.tsEnd ? `${profile.tsStart ?? '…'} – ${profile.tsEnd ?? '…'}` : t('noLimit'),
    ],
    [t('layers'), profile.layers.map((layer) => t(`layers:${layer.id}`)).join(', ')],
  ];
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('myProfile')} />
      <Card>
        <dl className="grid grid-cols-3 gap-x-4 gap-y-2 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-gray-600">{term}</dt>
              <dd className="col-span-2 text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
