import { fringeCodes } from '@nq/contracts/identity/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery, useProfile } from '../../../shared/api/profile.ts';
import { kpiLabel } from '../../../shared/entity-screen/kpi-options.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Card } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type FringeCode, setKpiFringes } from '../api/score-api.ts';

/** The profile part of /scoreManagement: the fringes of the day each KPI of the profile is shown in. */
export function ProfileKpiFringes() {
  const { t } = useTranslation('scoreManagement');
  const profile = useProfile();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Record<string, FringeCode[]>>({});
  useEffect(() => {
    setChosen(Object.fromEntries((profile?.kpis ?? []).map((kpi) => [kpi.id, [...kpi.fringes]])));
  }, [profile]);
  const save = useMutation({
    mutationFn: ({ kpi, fringes }: { kpi: string; fringes: FringeCode[] }) => setKpiFringes(kpi, fringes),
    meta: { errorCode: 'generic.error' },
    onSuccess: () => {
      toast.success(t('common:saved'));
      return queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
  const toggle = (kpi: string, fringe: FringeCode, on: boolean) =>
    setChosen((current) => {
      const rest = (current[kpi] ?? []).filter((code) => code !== fringe);
      return { ...current, [kpi]: on ? [...rest, fringe].sort() : rest };
    });
  const kpis = profile?.kpis ?? [];

  return (
    <Card className="mt-6">
      <h2 className="mb-1 text-base font-semibold text-gray-900">{t('fringesTitle')}</h2>
      <p className="mb-3 text-sm text-gray-600">{t('fringesIntro', { profile: profile?.name ?? '' })}</p>
      {kpis.length === 0 ? (
        <p className="text-sm text-gray-500" data-testid="no-profile-kpis">
          {t('noProfileKpis')}
        </p>
      ) : (
        <table className="min-w-full text-sm" data-testid="profile-kpi-fringes">
          <caption className="sr-only">{t('fringesTitle')}</caption>
          <thead>
            <tr className="text-left text-gray-600">
              <th className="py-1 pr-4 font-semibold">{t('kpi')}</th>
              {fringeCodes.map((code) => (
                <th key={code} className="px-3 py-1 font-semibold">
                  {t(`fringes.${code}`)}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody className="divide-y">
            {kpis.map((kpi) => (
              <tr key={kpi.id}>
                <td className="py-1.5 pr-4">{kpiLabel(kpi.id)}</td>
                {fringeCodes.map((code) => (
                  <td key={code} className="px-3">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      aria-label={`${kpiLabel(kpi.id)}: ${t(`fringes.${code}`)}`}
                      checked={chosen[kpi.id]?.includes(code) ?? false}
                      onChange={(event) => toggle(kpi.id, code, event.target.checked)}
                    />
                  </td>
                ))}
                <td className="py-1">
                  <Button
                    variant="secondary"
                    busy={save.isPending && save.variables?.kpi === kpi.id}
                    aria-label={`${t('common:save')} ${kpiLabel(kpi.id)}`}
                    onClick={() => save.mutate({ kpi: kpi.id, fringes: chosen[kpi.id] ?? [] })}
                  >
                    {t('common:save')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
