import { useState } from 'react';
import { toast } from 'sonner';
import type { LinkPreview, LinkPreviewTarget } from '../../../shared/link-previews';
import { LinkPreviewCard } from './LinkPreviewCard';
import { useRemoveLinkPreviewMutation } from './linkPreviewsApi';

export interface ShownLinkPreviewProps {
  kind: LinkPreviewTarget;
  targetId: string;
  preview: LinkPreview | null;
  /** The viewer wrote it: they get "Remove preview". */
  isAuthor: boolean;
  className?: string;
}

/**
 * The card of a published post, comment or message. Removing hides it at once; the live push of
 * the post, comment or message then carries its removal to every viewer, this one included.
 */
export function ShownLinkPreview({
  kind,
  targetId,
  preview,
  isAuthor,
  className,
}: ShownLinkPreviewProps) {
  const [remove, { isLoading }] = useRemoveLinkPreviewMutation();
  const [removedVersion, setRemovedVersion] = useState<number | null>(null);
  if (!preview || preview.version === removedVersion) return null;
  const onRemove = () => {
    remove({ kind, id: targetId })
      .unwrap()
      .then(() => setRemovedVersion(preview.version))
      .catch(() => toast.error('The preview could not be removed. Try again.'));
  };
  return (
    <LinkPreviewCard
      preview={preview}
      onRemove={isAuthor ? onRemove : undefined}
      removing={isLoading}
      className={className}
    />
  );
}
