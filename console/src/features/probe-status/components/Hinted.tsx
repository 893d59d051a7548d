import { type ReactNode, useId } from 'react';

/** A value with an "i" mark whose tooltip says what it means; it opens on hover and on keyboard focus. */
export function Hinted({ hint, className = '', children }: { hint: string; className?: string; children: ReactNode }) {
  const tooltipId = useId();
  return (
    <span className="group relative inline-flex items-center">
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on keyboard focus too
        tabIndex={0}
        aria-describedby={tooltipId}
        className={`rounded px-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${className}`}
      >
        {children}
      </span>
      <span
        aria-hidden="true"
        className="ml-1 inline-flex h-4 w-4 items-center justify-center rounded-full border border-slate-500 text-[10px] font-semibold text-slate-600"
      >
        i
      </span>
      <span
        id={tooltipId}
        role="tooltip"
        className="invisible absolute left-0 top-full z-10 mt-1 w-72 rounded-md bg-gray-900 px-3 py-2 text-xs font-normal text-white shadow-lg group-focus-within:visible group-hover:visible"
      >
        {hint}
      </span>
    </span>
  );
}
