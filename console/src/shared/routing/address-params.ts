/** Named values for an address' query string: an empty or undefined value removes the parameter. */
export type AddressChanges = Readonly<{ [name: string]: string | undefined }>;

/** The address' parameters with some set or removed. */
export function withParams(params: URLSearchParams, changes: AddressChanges) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** A path with these values as its query string. */
export function pathWith(path: string, query: AddressChanges) {
  const search = withParams(new URLSearchParams(), query).toString();
  return search ? `${path}?${search}` : path;
}
