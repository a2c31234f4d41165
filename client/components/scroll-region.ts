import { useCallback, useEffect, useRef, useState } from 'react';

/** The focus ring of a region that scrolls: drawn inside it, so no ancestor clips it. */
export const scrollRegionFocusSx = {
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '-3px' },
} as const;

/**
 * Props for a box whose content may be wider (or taller) than the box: while, and only while,
 * it scrolls, a named region and one Tab stop, so a keyboard user can reach the hidden part
 * with the arrow keys (WCAG 2.1.1). Spread the result on the scrolling element.
 */
export function useScrollRegion(label: string) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  const measure = useRef<() => void>(() => {});
  measure.current = () => {
    if (!element) return;
    setScrolls(
      element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1,
    );
  };
  useEffect(() => {
    if (!element) return undefined;
    measure.current();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => measure.current());
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [element]);
  const ref = useCallback((node: HTMLElement | null) => setElement(node), []);
  // Only a box that scrolls is a stop of its own; one that fits is just its content (and does
  // not repeat the name of the section around it).
  return scrolls
    ? ({ ref, role: 'region', 'aria-label': label, tabIndex: 0 } as const)
    : ({ ref } as const);
}
