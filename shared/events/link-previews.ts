import { z } from 'zod';
import { LINK_PREVIEW_LIMITS, linkPreviewTargetSchema } from '../link-previews';

const target = {
  targetKind: linkPreviewTargetSchema,
  targetId: z.uuid(),
  /** Where watchers see it: the post itself, the post a comment is on, a message's conversation. */
  containerId: z.uuid(),
  authorId: z.uuid(),
};

/**
 * A preview's life on one post, comment or message is its stream,
 * `link-preview-<kind>-<id>`. The card is carried whole (the image as the `/cdn/` URL of the stored,
 * re-encoded file), so a replay rebuilds it without fetching anything.
 */
export const linkPreviewEvents = {
  LinkPreviewAttached: z.strictObject({
    ...target,
    url: z.string().max(LINK_PREVIEW_LIMITS.url),
    title: z.string().max(LINK_PREVIEW_LIMITS.title),
    description: z.string().max(LINK_PREVIEW_LIMITS.description),
    siteName: z.string().max(LINK_PREVIEW_LIMITS.siteName),
    image: z.string().nullable(),
  }),
  /** The author took the card off; the same URL brings none back until the text links elsewhere. */
  LinkPreviewRemoved: z.strictObject({ ...target, url: z.string().max(LINK_PREVIEW_LIMITS.url) }),
};
