import { type DashboardCategory, type DashboardGraphic, DomainError } from '@nq/contracts';
import { nameKey } from '@nq/platform/entities/configuration-rules';

/**
 * A dashboard's category names are unique (case-insensitive; docs/product/rules.md#universes-clusters-and-campaigns).
 */
export function refuseDuplicateCategories(categories: readonly { name: string }[]) {
  const seen = new Set<string>();
  for (const { name } of categories) {
    if (seen.has(nameKey(name))) throw new DomainError('dashboards.categoryExists', { details: { category: name } });
    seen.add(nameKey(name));
  }
}

function indexOfCategory(categories: readonly DashboardCategory[], name: string) {
  const index = categories.findIndex((category) => category.name === name);
  if (index < 0) throw new DomainError('dashboards.categoryNotFound', { details: { category: name } });
  return index;
}

/** The categories with the graphic added to (or replacing its namesake in) one of them. */
export function withGraphic(categories: readonly DashboardCategory[], name: string, graphic: DashboardGraphic) {
  const index = indexOfCategory(categories, name);
  return categories.map((category, at) =>
    at === index
      ? { ...category, graphics: [...category.graphics.filter((kept) => kept.id !== graphic.id), graphic] }
      : category,
  );
}

/**
 * The categories without a graphic; with `cascade`, a scorecard graphic takes every graphic of its scorecard in the
 * dashboard with it (docs/product/states.md#personal-dashboards).
 */
export function withoutGraphic(
  categories: readonly DashboardCategory[],
  name: string,
  graphicId: string,
  cascade: boolean,
): DashboardCategory[] {
  const graphic = categories[indexOfCategory(categories, name)]!.graphics.find((found) => found.id === graphicId);
  if (!graphic) throw new DomainError('resource.notFound', { details: { category: name, graphicId } });
  const removed = (candidate: DashboardGraphic) =>
    candidate.id === graphicId ||
    (cascade && graphic.scorecardId !== undefined && candidate.scorecardId === graphic.scorecardId);
  return categories.map((category) =>
    category.name === name || cascade
      ? { ...category, graphics: category.graphics.filter((kept) => !removed(kept)) }
      : category,
  );
}

/** The graphics a removal takes: the graphic, or every graphic of its scorecard. */
export function graphicsRemovedWith(categories: readonly DashboardCategory[], name: string, graphicId: string) {
  const all = categories.flatMap((category) => category.graphics);
  const after = withoutGraphic(categories, name, graphicId, true).flatMap((category) => category.graphics);
  return all.length - after.length;
}

/**
 * The categories as the user now lists them: kept ones (by name, or `from` a former name when renamed) keep their
 * graphics in the new order, new names start empty, those left out are removed.
 */
export function categoriesAfter(
  categories: readonly DashboardCategory[],
  wanted: readonly { name: string; from?: string | undefined }[],
): DashboardCategory[] {
  refuseDuplicateCategories(wanted);
  return wanted.map(({ name, from }) => {
    const source = categories.find((category) => category.name === (from ?? name));
    if (from !== undefined && !source)
      throw new DomainError('dashboards.categoryNotFound', { details: { category: from } });
    return { name, graphics: source?.graphics ?? [] };
  });
}
