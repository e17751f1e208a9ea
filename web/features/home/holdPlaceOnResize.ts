import { cardTop, readersPlace, type Place } from './readersPlace';

/**
 * A scroll less than this long ago means the page is moving (the reader's own scrolling, a smooth
 * scroll still running, or the list's own correction while the reader scrolls up): a resize then
 * is left to the list.
 */
const SCROLLING_MS = 400;

/**
 * Holds the card the reader is looking at where it is while rows above it change height at rest:
 * a sponsored card arriving in its slot after the page has loaded, an image or a link preview
 * loading, a rotating ad of another height. The virtualised list corrects only for rows it
 * measures while the reader scrolls up; without this, the text being read jumped down by the
 * height of an ad that appeared above it (the feed's end-to-end test caught it).
 *
 * `list` is the element that contains every row (its size changes whenever a row's does); returns
 * the function that stops holding.
 */
export function holdPlaceOnResize(list: HTMLElement, cardSelector: string): () => void {
  let place: Place | null = null;
  let placeScrollY = 0;
  let lastScrollAt = Number.NEGATIVE_INFINITY;
  /** Where this hold last scrolled the page to: arriving there is not the page moving. */
  let heldAt: number | null = null;

  const record = () => {
    placeScrollY = window.scrollY;
    place = placeScrollY > 0 ? readersPlace(cardSelector) : null;
  };
  const onScroll = () => {
    if (heldAt === null || Math.abs(window.scrollY - heldAt) >= 1) {
      lastScrollAt = performance.now();
    }
    heldAt = null;
    record();
  };
  const observer = new ResizeObserver(() => {
    const moving = performance.now() - lastScrollAt < SCROLLING_MS;
    const top =
      place && !moving && window.scrollY === placeScrollY && cardTop(cardSelector, place.id);
    if (!place || typeof top !== 'number') return record();
    const drift = top - place.top;
    if (Math.abs(drift) < 1) return;
    heldAt = window.scrollY + drift;
    window.scrollBy(0, drift);
  });

  record();
  window.addEventListener('scroll', onScroll, { passive: true });
  observer.observe(list);
  return () => {
    observer.disconnect();
    window.removeEventListener('scroll', onScroll);
  };
}
