/** Ad slots appear after random gaps of 4 to 20 posts (000 §4, §9). */
export const AD_GAP = { min: 4, max: 20 } as const;

/** A source of numbers in [0, 1), as `Math.random`; tests pass their own. */
export type RandomSource = () => number;

/** One gap, drawn evenly from 4 to 20 inclusive. */
export function drawAdGap(random: RandomSource): number {
  const span = AD_GAP.max - AD_GAP.min + 1;
  const draw = Math.min(span - 1, Math.max(0, Math.floor(random() * span)));
  return AD_GAP.min + draw;
}

/**
 * Where a list's ad slots are. Each slot follows a post, named by its id, so the slots stay
 * beside the same posts when more load below or new posts arrive on top.
 */
export interface AdPlan {
  /** Posts followed by a slot. */
  after: readonly string[];
  /** Posts already counted towards a gap. */
  counted: Readonly<Record<string, true>>;
  /** Posts still to count before the next slot. */
  gapLeft: number;
}

export function emptyAdPlan(random: RandomSource): AdPlan {
  return { after: [], counted: {}, gapLeft: drawAdGap(random) };
}

/**
 * The plan once the posts not yet counted are: each counts one towards the current gap, and the
 * post that closes a gap gets a slot after it and draws the next gap. Posts already counted
 * change nothing, so the plan is the same object when nothing is new.
 */
export function extendAdPlan(
  plan: AdPlan,
  postIds: readonly string[],
  random: RandomSource,
): AdPlan {
  const fresh = postIds.filter((id) => !plan.counted[id]);
  if (fresh.length === 0) return plan;
  const after = [...plan.after];
  const counted: Record<string, true> = { ...plan.counted };
  let { gapLeft } = plan;
  for (const id of fresh) {
    counted[id] = true;
    gapLeft -= 1;
    if (gapLeft === 0) {
      after.push(id);
      gapLeft = drawAdGap(random);
    }
  }
  return { after, counted, gapLeft };
}

/** A post of the list as shown, and whether an ad slot follows it. */
export interface FeedItem {
  postId: string;
  adAfter: boolean;
}

/**
 * The list as shown: each post, marked when the plan puts a slot after it. The slot belongs to
 * the post's row rather than being a row of its own, so an empty slot never makes an empty row.
 */
export function withAdSlots(postIds: readonly string[], plan: AdPlan): FeedItem[] {
  const slotAfter = new Set(plan.after);
  return postIds.map((postId) => ({ postId, adAfter: slotAfter.has(postId) }));
}
