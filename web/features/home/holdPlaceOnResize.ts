import { cardTop, readersPlace, type Place } from './readersPlace';

/**
 * An upward scroll less than this long ago (a wheel, a swipe still gliding) leaves resizes to the
 * list, which corrects for the rows it measures as they come in above the reader while they scroll
 * up: holding the place as well would move it twice.
 */
const SCROLLING_UP_MS = 400;

/**
 * Holds the card the reader is looking at where it is while rows above it change height: a
 * sponsored card arriving in its slot after the page has loaded, an image or a link preview
 * loading, a rotating ad of another height. The virtualised list corrects for them only while the
 * reader scrolls up; without this, the text being read jumped down by the height of an ad that
 * appeared above it (the feed's end-to-end test caught it).
 *
 * `list` is the element that contains every row (its size changes whenever a row's does); returns
 * the function that stops holding.
 */
export function holdPlaceOnResize(list: HTMLElement, cardSelector: string): () => void {
  let place: Place | null = null;
  let placeScrollY = 0;
  let lastUpwardScrollAt = Number.NEGATIVE_INFINITY;
  /** Where this hold last scrolled the page to: arriving there is not the reader scrolling. */
  let heldAt: number | null = null;

  const record = () => {
    placeScrollY = window.scrollY;
    place = placeScrollY > 0 ? readersPlace(cardSelector) : null;
  };
  const onScroll = () => {
    const ours = heldAt !== null && Math.abs(window.scrollY - heldAt) < 1;
    if (!ours && window.scrollY < placeScrollY) lastUpwardScrollAt = performance.now();
    heldAt = null;
    record();
  };
  const observer = new ResizeObserver(() => {
    const scrollingUp = performance.now() - lastUpwardScrollAt < SCROLLING_UP_MS;
    // A scroll whose event has not come yet has moved the page under the recorded place.
    const settled = !scrollingUp && window.scrollY === placeScrollY;
    const top = place && settled ? cardTop(cardSelector, place.id) : null;
    if (!place || top === null) return record();
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
