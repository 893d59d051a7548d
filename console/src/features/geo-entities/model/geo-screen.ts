/** What the list and the form of a list-and-form screen share. */
export interface GeoScreen {
  /** i18n namespace of the screen: its `title` names the list, its `kind` a new entity. */
  namespace: string;
  /** API collection path, without a trailing slash. */
  basePath: string;
  /** The catalogue codes shown when a call fails without a more precise code. */
  errorCodes: { fetch: string; create: string; update: string; delete: string; clone: string };
}
