import { categoryOfLayer, type LayerCategory, layerCategories } from '@nq/contracts/identity/layers';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { specPaths } from '../../../app/spec-routes.ts';
import type { Profile } from '../../../shared/api/profile.ts';

type Layer = Profile['layers'][number];

// A layer's entry opens the page at its id; parent-only layers (e.g. `tools`, which grants every tools/… page) have no
// page of their own.
const routableLayers = new Set<string>(specPaths);

const categoryOf = (layer: Layer): LayerCategory => layer.category ?? categoryOfLayer(layer.id) ?? 'tools';
/** A layer with a link opens it in a new tab (legacy pages, partner tools); one with a screen opens the screen. */
const shown = (layer: Layer) => !!layer.url || routableLayers.has(layer.id);
const itemClass = 'block px-4 py-1.5 text-sm hover:bg-slate-800';

/**
 * The profile's layers grouped by category (profile, tools, maps, dashboards, config, internal tools); a
 * count beside an entry (`badges`, by layer id) says how many things wait there (files in progress). See
 * docs/product/screens.md#access-and-navigation.
 */
export function Sidebar({
  layers,
  badges = {},
}: {
  layers: readonly Layer[];
  badges?: Readonly<Partial<Record<string, { count: number; label: string }>>>;
}) {
  const { t } = useTranslation('layers');
  const groups = layerCategories
    .map((category) => ({
      category,
      items: layers.filter((layer) => shown(layer) && categoryOf(layer) === category),
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
                {layer.url ? (
                  <a href={layer.url} target="_blank" rel="noopener noreferrer" className={itemClass}>
                    {t(layer.id)}
                    <span aria-hidden="true"> ↗</span>
                    <span className="sr-only"> ({t('opensInNewTab')})</span>
                  </a>
                ) : (
                  <NavLink
                    to={`/${layer.id}`}
                    className={({ isActive }) =>
                      `${itemClass} ${isActive ? 'bg-slate-800 font-medium text-white' : ''}`
                    }
                  >
                    {t(layer.id)}
                    {badges[layer.id] && badges[layer.id]!.count > 0 && (
                      <span
                        className="ml-2 rounded-full bg-blue-500 px-1.5 text-xs font-medium text-white"
                        title={badges[layer.id]!.label}
                      >
                        {badges[layer.id]!.count}
                        <span className="sr-only"> ({badges[layer.id]!.label})</span>
                      </span>
                    )}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
