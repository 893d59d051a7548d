import type { AlertType } from '@nq/contracts/configuration/alert';
import { kpisOfProgramType } from '@nq/contracts/configuration/csv-template';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { Profile } from '@nq/contracts/identity/profile';
import { technologiesOfProfileService } from '@nq/contracts/identity/profile-technologies';
import { useTranslation } from 'react-i18next';
import { technologyOptions } from '../../../shared/api/profile-technologies.ts';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import type { Option } from '../../../shared/ui/fields.tsx';

/** The KPIs a condition on this program may watch: those its type measures, within the profile's when it lists any. */
export function kpiOptions(profile: Profile, programId: string, language: 'en' | 'es'): Option[] {
  const program = profile.programs.find((candidate) => candidate.id === programId);
  const analysed = profile.kpis.map((kpi) => kpi.id);
  return kpisOfProgramType(program?.type)
    .filter((kpi) => analysed.length === 0 || analysed.includes(kpi.id))
    .map((kpi) => ({ value: kpi.id, label: kpi.label[language] }));
}

/**
 * What an alert of the profile may narrow its measurements to (docs/product/roles.md#data-restrictions): the
 * technologies of the alert's service the profile sees; its own campaigns and providers when it restricts them, else
 * every one it sees; universes are shared configuration.
 */
export function useAlertScopeOptions(profile: Profile, type: AlertType) {
  const { t } = useTranslation();
  const campaigns = useEntityOptions(basePathOf('campaign'));
  const universes = useEntityOptions(basePathOf('universe'));
  const providers = useEntityOptions(basePathOf('provider'));
  return {
    technologies: technologyOptions(t, technologiesOfProfileService(profile, type)),
    campaigns:
      profile.campaigns.length > 0
        ? profile.campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name ?? campaign.id }))
        : campaigns,
    universes,
    providers:
      profile.isps.length > 0 ? profile.isps.map((isp) => ({ value: isp.id, label: isp.label ?? isp.id })) : providers,
  };
}
