import { Link2, Quote, Repeat2, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Post, ShareChannel } from '../../../../shared/posts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useQuoteComposer } from './quoteComposerContext';
import type { QuotablePost } from '../editor/quoteComposer';
import { useSetRepostMutation, useSharePostMutation } from '../postsApi';
import { FacebookMark, XMark } from './brandIcons';
import {
  facebookShareUrl,
  postShareUrl,
  sharePopupFeatures,
  shareText,
  xShareUrl,
} from '../../../lib/shareLinks';

export const SHARE_TEXTS = {
  linkCopied: 'Link copied to clipboard!',
  copyFailed: 'The link could not be copied. Copy it from the address bar instead.',
  repost: 'Repost',
  undoRepost: 'Undo repost',
  quote: 'Quote',
  reposted: 'Reposted to your followers and friends',
  repostUndone: 'Repost undone',
  repostFailed: 'The post could not be reposted. Please try again.',
  undoRepostFailed: 'The repost could not be undone. Please try again.',
} as const;

function openSharePopup(url: string): void {
  window.open(url, 'agora-share', sharePopupFeatures(window));
}

/**
 * Shares a post (001 §7): the Facebook sharer and the X intent in a 600x400 popup, or the link
 * copied. Each share is recorded with its channel, so the post's share count rises for everyone;
 * a share that could not be recorded has still happened, so it is not reported as a failure.
 */
export function useShareActions(post: Pick<Post, 'id' | 'content' | 'title'>) {
  const [record] = useSharePostMutation();
  const recorded = (channel: ShareChannel) => {
    void record({ postId: post.id, channel });
  };
  const url = () => postShareUrl(window.location.origin, post.id);
  return {
    facebook() {
      openSharePopup(facebookShareUrl(url()));
      recorded('facebook');
    },
    x() {
      openSharePopup(xShareUrl(shareText(post), url()));
      recorded('x');
    },
    async copyLink() {
      try {
        await navigator.clipboard.writeText(url());
      } catch {
        toast.error(SHARE_TEXTS.copyFailed);
        return;
      }
      toast.success(SHARE_TEXTS.linkCopied);
      recorded('link');
    },
  };
}

interface ShareOption {
  channel: ShareChannel | 'repost' | 'quote';
  label: string;
  icon: ReactNode;
}

/** Reposts the post into the member's followers' and friends' feeds, or takes it back. */
function useRepost(post: Pick<Post, 'id' | 'repostedByMe'>) {
  const [setRepost] = useSetRepostMutation();
  return async () => {
    const repost = !post.repostedByMe;
    const answer = await setRepost({ postId: post.id, repost });
    if ('error' in answer) {
      toast.error(repost ? SHARE_TEXTS.repostFailed : SHARE_TEXTS.undoRepostFailed);
    } else {
      toast.success(repost ? SHARE_TEXTS.reposted : SHARE_TEXTS.repostUndone);
    }
  };
}

const options: readonly ShareOption[] = [
  { channel: 'facebook', label: 'Share on Facebook', icon: <FacebookMark /> },
  { channel: 'x', label: 'Share on X', icon: <XMark /> },
  { channel: 'link', label: 'Copy link', icon: <Link2 aria-hidden /> },
];

export interface ShareMenuProps {
  post: QuotablePost & Pick<Post, 'repostedByMe'>;
  /** The trigger's look: the card's action row, or the post page's bigger buttons. */
  triggerClassName?: string;
  /** Shown beside the icon. */
  triggerText?: ReactNode;
  /** The button's accessible name, e.g. with the share count. */
  triggerLabel?: string;
}

/**
 * The Share button and its menu: Repost (or Undo repost), Quote (the layout's quote composer,
 * where there is one), Facebook, X and Copy link. A menu button in the WAI-ARIA sense: arrows
 * move between the options, Home and End jump, Escape closes and returns focus to the button,
 * and a click elsewhere closes it.
 */
export function ShareMenu({
  post,
  triggerClassName,
  triggerText = 'Share',
  triggerLabel = 'Share',
}: ShareMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const actions = useShareActions(post);
  const toggleRepost = useRepost(post);
  const quote = useQuoteComposer();
  const items: readonly ShareOption[] = [
    {
      channel: 'repost',
      label: post.repostedByMe ? SHARE_TEXTS.undoRepost : SHARE_TEXTS.repost,
      icon: <Repeat2 aria-hidden />,
    },
    ...(quote
      ? [{ channel: 'quote' as const, label: SHARE_TEXTS.quote, icon: <Quote aria-hidden /> }]
      : []),
    ...options,
  ];

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const choose = (channel: ShareOption['channel']) => {
    close(true);
    if (channel === 'repost') void toggleRepost();
    else if (channel === 'quote') quote?.(post);
    else if (channel === 'facebook') actions.facebook();
    else if (channel === 'x') actions.x();
    else void actions.copyLink();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = items.findIndex((item) => item === document.activeElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        focusAt(at - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={triggerRef}
        variant="ghost"
        size="sm"
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={triggerClassName}
        data-testid="post-share"
      >
        <Share2 aria-hidden />
        {triggerText}
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Share this post"
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-20 mt-1 grid min-w-48 gap-0.5 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
          data-testid="share-menu"
        >
          {items.map((option, index) => (
            <button
              key={option.channel}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => choose(option.channel)}
              className={cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm',
                'hover:bg-accent focus-visible:bg-accent focus-visible:outline-none [&_svg]:size-4',
              )}
              data-testid={`share-${option.channel}`}
            >
              {option.icon}
              {option.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
