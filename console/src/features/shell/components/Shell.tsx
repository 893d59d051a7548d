import { fileLayers } from '@nq/contracts/files/file-record';
import { reachesLayer } from '@nq/contracts/identity/layers';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { profileQuery } from '../../../shared/api/profile.ts';
import { useLocationLeft } from '../../../shared/api/profile-change.ts';
import { LoadingScreen } from '../../../shared/ui/screens.tsx';
import { AlertsBadge } from './AlertsBadge.tsx';
import { FileNotices } from './FileNotices.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ProfileSwitch } from './ProfileSwitch.tsx';
import { RefreshIntervalPicker } from './RefreshIntervalPicker.tsx';
import { Sidebar } from './Sidebar.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useRecentFiles } from './useRecentFiles.ts';

/** The signed-in layout: sidebar from the profile's layers, navbar, and the page. */
export function Shell() {
  const { t } = useTranslation('shell');
  const { data: profile } = useQuery(profileQuery());
  const files = useRecentFiles(!!profile && fileLayers.some((layer) => reachesLayer(profile.layers, layer)));
  const navigation = useNavigation();
  // While the profile changes, nothing of the page being left stays mounted, so none of its queries runs again.
  const location = useLocation();
  const left = useLocationLeft();
  if (!profile || left === location.key) return <LoadingScreen />;
  return (
    <div className="flex h-full">
      <Sidebar
        layers={profile.layers}
        badges={{
          files_management: { count: files.inProgress, label: t('filesInProgress', { count: files.inProgress }) },
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-4 border-b bg-white px-4 py-2">
          <div className="text-sm text-gray-500" data-testid="current-profile">
            {profile.name}
          </div>
          <div className="flex items-center gap-4">
            <ProfileSwitch />
            <RefreshIntervalPicker />
            <LanguageSwitch />
            <AlertsBadge canOpenAlerts={reachesLayer(profile.layers, 'alerts')} />
            <UserMenu />
          </div>
        </header>
        {navigation.state === 'loading' && <div className="h-0.5 animate-pulse bg-blue-500" role="progressbar" />}
        <main className="min-h-0 flex-1 overflow-auto p-6">
          <Outlet />
        </main>
        <FileNotices files={files.files} />
      </div>
    </div>
  );
}
