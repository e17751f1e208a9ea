export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  /** True while an input method editor is composing; Enter then confirms the composition. */
  isComposing: boolean;
}

/** Enter sends; Shift+Enter adds a newline (spec 001 §2). */
export function isSendKey({ key, shiftKey, isComposing }: ComposerKey): boolean {
  return key === 'Enter' && !shiftKey && !isComposing;
}
