/** Active / Inactive / Expired (docs/product/states.md#active-and-inactive): green when active, grey otherwise. */
export function StatusBadge({ status, label }: { status: string | undefined; label: string }) {
  const active = status === undefined || status === 'Active';
  return (
    <span
      data-status={status ?? 'Active'}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${
        active ? 'bg-emerald-100 text-emerald-800' : 'bg-gray-200 text-gray-700'
      }`}
    >
      {label}
    </span>
  );
}
