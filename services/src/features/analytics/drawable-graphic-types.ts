import {
  basicGraphicTypes,
  DomainError,
  type GraphicType,
  graphicTypes,
  type Profile,
  reachesLayer,
} from '@nq/contracts';

/**
 * A profile granted the advanced graphic generator draws every graphic type; any other, whatever screen
 * asks, the basic generator's (docs/product/screens.md#basic_graphic_generator-and-advanced_graphic_generator). Decided
 * from the profile alone: the request's `generator` is the client's word.
 */
export const drawableGraphicTypes = (profile: Pick<Profile, 'layers'>): readonly GraphicType[] =>
  reachesLayer(profile.layers, 'advanced_graphic_generator') ? graphicTypes : basicGraphicTypes;

/** Refuses (403) drawing a graphic type the profile does not draw. */
export function admitGraphicType(profile: Pick<Profile, 'layers'>, graphicType: GraphicType): void {
  const drawable = drawableGraphicTypes(profile);
  if (!drawable.includes(graphicType))
    throw new DomainError('graphics.typeRequiresAdvanced', { details: { graphicType, drawable } });
}
