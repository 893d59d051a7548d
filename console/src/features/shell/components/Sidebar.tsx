import { type LayerCategory, layerCatalogue, layerCategories } from '@nq/contracts/identity/layers';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { specRoutes } from '../../../app/spec-routes.ts';
import type { Profile } from '../../../shared/api/profile.ts';

type Layer = Profile['layers'][number];

// Parent-only layers (e.g. `tools`, which grants every tools/… page) have no page of their own.
const routableLayers = new Set(specRoutes.map((route) => route.layer));

const categoryOf = (layer: Layer): LayerCategory =>
  layer.category ?? (layerCatalogue as Record<string, LayerCategory>)[layer.id] ?? 'tools';

/** Spec §2: the profile's layers grouped by category (profile, tools, maps, dashboards, config, internal tools). */
export function Sidebar({ layers }: { layers: readonly Layer[] }) {
  const { t } = useTranslation('layers');
  const groups = layerCategories
    .map((category) => ({
      category,
      items: layers.filter((layer) => routableLayers.has(layer.id) && categoryOf(layer) === category),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <nav
      aria-label={t('common:appName')}
      className="flex h-full w-60 shrink-0 flex-col overflow-y-auto bg-slate-900 text-slate-200"
    >
      <div className="px-4 py-4 text-base font-semibold text-white">{t('common:appName')}</div>
      {groups.map(({ category, items }) => (
        <section key={category} className="mb-3" data-testid={`sidebar-${category}`}>
          <h2 className="px-4 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">
            {t(`categories.${category}`)}
          </h2>
          <ul>
            {items.map((layer) => (
              <li key={layer.id}>
                <NavLink
                  to={`/${layer.id}`}
                  className={({ isActive }) =>
                    `block px-4 py-1.5 text-sm hover:bg-slate-800 ${isActive ? 'bg-slate-800 font-medium text-white' : ''}`
                  }
                >
                  {t(layer.id)}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
