import { type RefObject, useEffect, useState } from 'react';

/**
 * The height an element is laid out at, kept current as it resizes (undefined until measured, and where nothing lays
 * out, as in a simulated DOM): a drawing sized to the room its container leaves it.
 */
export function useElementHeight(element: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.floor(target.getBoundingClientRect().height);
      setHeight(measured > 0 ? measured : undefined);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return height;
}
