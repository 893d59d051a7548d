import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { activeProfilesQuery } from '../../../shared/api/profile.ts';
import { changeProfile } from '../../../shared/api/profile-change.ts';

/**
 * Switching profile is a call; then the new profile's landing page opens, with the sidebar and navbar of the
 * new profile (the page being left runs nothing under it). See docs/product/screens.md#access-and-navigation.
 */
export function ProfileSwitch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useQuery(activeProfilesQuery());
  const change = useMutation({
    mutationFn: (idProfile: string) =>
      changeProfile(idProfile, { from: location.key, open: (path) => navigate(path, { replace: true }) }),
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
