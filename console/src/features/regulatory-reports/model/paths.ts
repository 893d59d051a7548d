/** A report's figures: `/regulatory_format/{id}` (its `asOf` and `receivedUntil`, when kept, in the query). */
export const resultsPath = (id: string) => `/regulatory_format/${encodeURIComponent(id)}`;
