import type { CsvTemplateView } from '@nq/contracts/configuration/csv-template';

/** The templates the extractor offers: the active ones, the favourites first, each group in the profile's order. */
export function offeredTemplates(templates: readonly CsvTemplateView[]): CsvTemplateView[] {
  const active = templates.filter((template) => template.active);
  return [...active.filter((template) => template.favorite), ...active.filter((template) => !template.favorite)];
}

/** The template an extraction uses: the one chosen while it is offered, else the first favourite. */
export function chosenTemplate(offered: readonly CsvTemplateView[], chosenId: string): CsvTemplateView | undefined {
  return (
    offered.find((template) => template.id === chosenId) ?? offered.find((template) => template.favorite) ?? offered[0]
  );
}
