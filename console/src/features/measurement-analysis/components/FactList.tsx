import type { ReactNode } from 'react';

/** Named facts of a measurement, two columns wide, each name beside its value; a title heads them when given. */
export function FactList({ title, facts }: { title?: string; facts: readonly [name: string, value: ReactNode][] }) {
  return (
    <section>
      {title && <h3 className="mb-2 text-sm font-semibold text-gray-700">{title}</h3>}
      <dl className="grid grid-cols-1 gap-x-8 gap-y-1 text-sm md:grid-cols-2">
        {facts.map(([name, value]) => (
          <div key={name} className="flex justify-between gap-3 border-b border-gray-100 py-1">
            <dt className="font-medium text-gray-600">{name}</dt>
            <dd className="text-right text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
