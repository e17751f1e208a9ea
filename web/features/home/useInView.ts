import { useCallback, useEffect, useState } from 'react';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** How much of the box is inside the viewport, from 0 to 1; an empty box counts as out. */
export function visibleRatio(box: Box, viewport: { width: number; height: number }): number {
  const area = (box.bottom - box.top) * (box.right - box.left);
  if (area <= 0) return 0;
  const width = Math.min(box.right, viewport.width) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, viewport.height) - Math.max(box.top, 0);
  return width <= 0 || height <= 0 ? 0 : (width * height) / area;
}

/**
 * Whether an element is on screen by at least `threshold` of its area (the feed's loader uses
 * 0.1, 000 §4, §9). The observer's answer can trail the layout (rows that have just rendered may
 * have pushed the element away), so a caller about to act measures again with the third item.
 *
 * Returns the callback ref to give the element (so one that mounts later is watched too), what
 * the observer last said, and a function that measures now.
 */
export function useInView(
  threshold: number,
): [(element: Element | null) => void, boolean, () => boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setInView(entry.isIntersecting && entry.intersectionRatio >= threshold);
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, threshold]);
  const isShownNow = useCallback(
    () =>
      element !== null &&
      visibleRatio(element.getBoundingClientRect(), {
        width: window.innerWidth,
        height: window.innerHeight,
      }) >= threshold,
    [element, threshold],
  );
  return [setElement, element !== null && inView, isShownNow];
}
