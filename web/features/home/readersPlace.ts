/** Where the reader is: the card they are looking at and its distance from the window's top. */
export interface Place {
  id: string;
  top: number;
}

/** The card the reader is looking at: the first whose top is on screen. */
export function readersPlace(cardSelector: string): Place | null {
  for (const card of document.querySelectorAll<HTMLElement>(cardSelector)) {
    const top = card.getBoundingClientRect().top;
    const id = card.dataset.postId;
    if (top >= 0 && id) return { id, top };
  }
  return null;
}

/** Where a card is now, from the window's top; null once it is not rendered. */
export function cardTop(cardSelector: string, id: string): number | null {
  const card = document.querySelector<HTMLElement>(`${cardSelector}[data-post-id="${id}"]`);
  return card ? card.getBoundingClientRect().top : null;
}
