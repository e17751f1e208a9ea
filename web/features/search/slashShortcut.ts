/**
 * `/` anywhere focuses the search box, except while typing into a field (there it is a
 * character). The box's module loads after the first screen (the bundle budget); a `/` pressed
 * before it arrives is held here and honoured when the box mounts, instead of being lost.
 */

/**
 * Whether a key pressed with focus on `target` is being typed into something: then `/` is a
 * character, not the shortcut to the search box.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof target !== 'object' || target === null || !('tagName' in target)) return false;
  const element = target as { tagName: string; isContentEditable?: boolean; type?: string };
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(
    (element.type ?? 'text').toLowerCase(),
  );
}

/** Whether `event` is the shortcut: `/` without a modifier, not typed into a field. */
export function isSlashShortcut(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  return !event.defaultPrevented && !isTypingTarget(event.target);
}

let pressedBeforeTheBox = false;

/** Called by the placeholder: the member asked for the box before it was there. */
export function noteEarlySlash(): void {
  pressedBeforeTheBox = true;
}

/**
 * Whether the box should take focus as it mounts: `/` was pressed before it arrived, and the
 * member has not started typing somewhere else since. Asking forgets the press.
 */
export function takeEarlySlash(focused: Element | null): boolean {
  const pressed = pressedBeforeTheBox;
  pressedBeforeTheBox = false;
  return pressed && !isTypingTarget(focused);
}
