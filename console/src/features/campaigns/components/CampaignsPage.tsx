import { useScreenMode } from '../../geo-entities/components/useScreenMode.ts';
import { idScheme } from '../../geo-entities/model/screen-route.ts';
import { CampaignForm } from './CampaignForm.tsx';
import { CampaignList } from './CampaignList.tsx';

/** /campaigns_management: the list, or with `?id=` the form (`?id=new` for a new campaign). */
export default function CampaignsPage() {
  const [mode, go] = useScreenMode(idScheme);
  if (mode.kind === 'list') return <CampaignList />;
  return (
    <CampaignForm
      key={mode.kind === 'edit' ? mode.id : 'new'}
      id={mode.kind === 'edit' ? mode.id : undefined}
      onDone={() => go({ kind: 'list' })}
    />
  );
}
