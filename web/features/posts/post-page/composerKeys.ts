import { isBlank } from '../../../../shared/api/text';
import { postsMessages } from '../../../../shared/posts';

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  /** True while an input method editor is composing; Enter then confirms the composition. */
  isComposing: boolean;
}

/** What a key does in a comment box: Enter submits, Shift+Enter adds a line (001 §5). */
export type ComposerKeyAction = 'submit' | 'cancel' | 'type';

/** Escape leaves a reply or an edit, so a keyboard user can back out without the mouse. */
export function composerKeyAction({ key, shiftKey, isComposing }: ComposerKey): ComposerKeyAction {
  if (isComposing) return 'type';
  if (key === 'Enter' && !shiftKey) return 'submit';
  if (key === 'Escape') return 'cancel';
  return 'type';
}

/** Why the text cannot be sent as a comment or reply, or null when it can (001 §5). */
export function commentRefusal(text: string): string | null {
  return isBlank(text) ? postsMessages.commentBlank : null;
}

/** The text as sent: the lines the member wrote, without blank space around them. */
export function commentToSend(text: string): string {
  return text.trim();
}
