import type { LinkPreviewTarget } from '../../../shared/link-previews';

/** A preview's life on one post, comment or message. */
export const linkPreviewStreamId = (kind: LinkPreviewTarget, targetId: string) =>
  `link-preview-${kind}-${targetId}`;
