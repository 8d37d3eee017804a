import { useCallback, useEffect, useRef, useState } from 'react';

/** What the tab strip shows of its own scrolling. */
export interface TabStripOverflow {
  /** Attach to the scrolling tab list. */
  ref: (element: HTMLDivElement | null) => void;
  /** True when tabs are cut off at the start (left). */
  start: boolean;
  /** True when tabs are cut off at the end (right). */
  end: boolean;
  /** Scrolls the strip by most of its width: -1 back, 1 forward. */
  scrollBy(direction: -1 | 1): void;
}

/**
 * Follows whether a sideways-scrolling tab strip hides tabs at either end, so the strip can show
 * that it scrolls (fades and arrows) instead of silently cutting a tab off.
 */
export function useTabStripOverflow(): TabStripOverflow {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  const elementRef = useRef<HTMLDivElement | null>(null);
  const ref = useCallback((next: HTMLDivElement | null) => {
    elementRef.current = next;
    setElement(next);
  }, []);
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  const scrollBy = useCallback((direction: -1 | 1) => {
    const strip = elementRef.current;
    strip?.scrollBy?.({ left: direction * strip.clientWidth * 0.8, behavior: 'smooth' });
  }, []);
  return { ref, ...edges, scrollBy };
}
