import { cardTop, readersPlace } from './readersPlace';

/** How long the place is watched after new rows arrive above it. */
const WATCH_MS = 3_000;
/**
 * The place counts as settled once it has not moved for this many frames in a row (about half a
 * second): the list measures the new rows over several frames, not in the first.
 */
const SETTLED_FRAMES = 30;
/**
 * The reader scrolling on their own ends the hold. The list's own corrections scroll the page too,
 * so the hold watches the reader's input, not the scroll position.
 */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Runs `addRowsAbove` and then holds the card the reader was looking at where it was.
 *
 * The virtualised list shifts the page by its estimate of the new rows' height, and that is not
 * enough on its own: it settles the difference from their measured height only while the reader
 * scrolls up, so a reader further down saw the card they were reading jump (by 49 px in the
 * end-to-end test, whose new card is shorter than the estimate). So after the list's own shift,
 * the card is put back frame by frame until it stays put, or until the reader scrolls. A reader at
 * the very top has no place to keep: the new rows show where they are looking.
 */
export async function keepReadersPlace<T>(
  cardSelector: string,
  addRowsAbove: () => Promise<T>,
): Promise<T> {
  const place = window.scrollY > 0 ? readersPlace(cardSelector) : null;
  const outcome = await addRowsAbove();
  if (!place) return outcome;
  const until = performance.now() + WATCH_MS;
  let still = 0;
  let readerMoved = false;
  const onReaderInput = () => {
    readerMoved = true;
  };
  for (const type of READER_INPUT) window.addEventListener(type, onReaderInput, { passive: true });
  await new Promise<void>((settled) => {
    const hold = () => {
      const top = readerMoved ? null : cardTop(cardSelector, place.id);
      if (top === null) return settled();
      const drift = top - place.top;
      if (Math.abs(drift) >= 1) {
        window.scrollBy(0, drift);
        still = 0;
      } else {
        still += 1;
      }
      if (still >= SETTLED_FRAMES || performance.now() > until) return settled();
      requestAnimationFrame(hold);
    };
    requestAnimationFrame(hold);
  });
  for (const type of READER_INPUT) window.removeEventListener(type, onReaderInput);
  return outcome;
}
