/** What a card shows of a post's likes: the count and whether the viewer likes it. */
export interface LikeView {
  likes: number;
  likedByMe: boolean;
}

/**
 * The like as it will be once the server agrees, shown at once (000 §4: the count moves by one
 * and never below 0). The server's answer or a push replaces it with the real count.
 */
export function toggledLike(view: LikeView): LikeView {
  return view.likedByMe
    ? { likes: Math.max(0, view.likes - 1), likedByMe: false }
    : { likes: view.likes + 1, likedByMe: true };
}

/** The pending guess while a like is on its way, else what the post book holds. */
export function shownLike(held: LikeView, pending: LikeView | null): LikeView {
  return pending ?? { likes: held.likes, likedByMe: held.likedByMe };
}
