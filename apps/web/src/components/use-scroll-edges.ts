import { type RefObject, useEffect, useState } from 'react';

export interface ScrollEdges {
  /** Content lies beyond the start (left) edge: the box is scrolled. */
  start: boolean;
  /** Content lies beyond the end (right) edge. */
  end: boolean;
}

/** Within a pixel of an edge counts as at it (a zoomed page scrolls by fractions). */
const SLACK = 1;

/**
 * Which edges of a box that scrolls sideways have content beyond them, kept current as the box
 * scrolls or it or its content changes size (a page of rows loads, the sidebar folds).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const start = box.scrollLeft > SLACK;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - SLACK;
      setEdges((shown) => (shown.start === start && shown.end === end ? shown : { start, end }));
    };
    const resizes = new ResizeObserver(update);
    resizes.observe(box);
    for (const child of box.children) resizes.observe(child);
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      resizes.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, [ref]);
  return edges;
}
