export interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/** A row of tabs (the probes map's table/map toggle, the maps page's Graphic/Results/Raw data). */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect }: TabsProps<Id>) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="inline-flex rounded-md border border-gray-300 bg-white p-0.5 shadow-sm"
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          onClick={() => onSelect(tab.id)}
          className={`rounded px-3 py-1 text-sm font-medium ${
            tab.id === selected ? 'bg-blue-600 text-white' : 'text-gray-600 hover:bg-gray-100'
          }`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
