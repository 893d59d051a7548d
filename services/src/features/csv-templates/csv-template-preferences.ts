import {
  type CsvTemplatePreferences,
  csvFavoriteIntentSchema,
  csvTemplateOrderSchema,
  DomainError,
  defaultCsvTemplateId,
  initialCsvTemplatePreferences,
  type ProfileFields,
  type profileFieldsSchema,
} from '@nq/contracts';
import type { EntityIntent } from '@nq/platform/entities/entity-definition';
import { csvTemplateEntity } from './csv-template.entity.ts';

// The favourites and order of a profile's CSV templates live on the profile's stream: the rule across them
// (docs/product/states.md#csv-template-favourites)
// (at least one favourite) is decided there, one command at a time, so concurrent changes can neither lose one another
// nor leave the profile without a favourite.

const preferencesOf = (
  profile: { csvTemplates?: ProfileFields['csvTemplates'] } | Record<string, unknown>,
): CsvTemplatePreferences =>
  (profile.csvTemplates as CsvTemplatePreferences | undefined) ?? initialCsvTemplatePreferences;

const unique = (ids: readonly string[]) => [...new Set(ids)];

type ProfileIntent = EntityIntent<typeof profileFieldsSchema>;

export const csvTemplateIntents: Record<string, ProfileIntent> = {
  changeCsvTemplateFavorite: {
    event: 'CsvTemplateFavoriteChanged',
    payload: csvFavoriteIntentSchema,
    changes(profile, { templateId, favorite }: { templateId: string; favorite: boolean }) {
      const current = preferencesOf(profile);
      const favorites = favorite
        ? unique([...current.favorites, templateId])
        : current.favorites.filter((id) => id !== templateId);
      if (favorites.length === 0) throw new DomainError('csvTemplates.lastFavorite', { details: { templateId } });
      return { csvTemplates: { ...current, favorites } };
    },
  },
  orderCsvTemplates: {
    event: 'CsvTemplatesOrdered',
    payload: csvTemplateOrderSchema,
    changes(profile, { templateIds }: { templateIds: string[] }) {
      // Templates left out (those of other programs, not on the screen) keep their order, after those given.
      const current = preferencesOf(profile);
      const order = unique([...templateIds, ...current.order]).filter((id) => id !== defaultCsvTemplateId);
      return { csvTemplates: { ...current, order } };
    },
  },
};

/**
 * A favourite template is referred to by the profile: deleting it is refused while it is one (the event store checks
 * it in the deletion's transaction), so a favourite never disappears behind the rule's back.
 */
export const csvTemplateReferences = (profile: Pick<ProfileFields, 'csvTemplates'>) =>
  preferencesOf(profile)
    .favorites.filter((id) => id !== defaultCsvTemplateId)
    .map((id) => ({ to: `${csvTemplateEntity.kind}-${id}`, missing: 'resource.notFound' as const }));

export { preferencesOf as csvTemplatePreferencesOf };
