import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { activeProfilesQuery, switchProfile } from '../../../shared/api/profile.ts';
import { sessionStore } from '../../../shared/api/session-store.ts';

/** Spec §2: switching profile is a call; afterwards the sidebar and navbar refresh (the cache is kept per profile). */
export function ProfileSwitch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { data } = useQuery(activeProfilesQuery());
  const change = useMutation({
    mutationFn: switchProfile,
    onSuccess: (session) => {
      sessionStore.set(session);
      void navigate(`/${session.landing}`, { replace: true });
    },
  });
  if (!data || data.list.length < 2) return null;
  return (
    <label className="inline-flex items-center gap-1 text-sm text-gray-600">
      <span>{t('profile')}</span>
      <select
        data-testid="profile-switch"
        className="rounded border border-gray-300 bg-white px-1.5 py-1 text-sm"
        value={data.current}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value)}
      >
        {data.list.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
    </label>
  );
}
