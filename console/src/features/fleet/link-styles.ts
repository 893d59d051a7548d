const linkClass = 'inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium shadow-sm';
/** Links that look like the primary and secondary buttons (navigation stays a link). */
export const primaryLink = `${linkClass} bg-blue-600 text-white hover:bg-blue-700`;
export const secondaryLink = `${linkClass} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`;
export const ghostLink = 'rounded-md px-3 py-1.5 text-sm text-gray-600 hover:bg-gray-100';
