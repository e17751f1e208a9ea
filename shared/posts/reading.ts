import { WORDS_PER_MINUTE } from './limits';

/** Whitespace-separated words (001 §5). */
export function wordCount(content: string): number {
  const words = content.trim();
  return words === '' ? 0 : words.split(/\s+/u).length;
}

/** Minutes to read: words divided by 200, rounded up (001 §5). */
export function readTime(words: number): number {
  return Math.ceil(words / WORDS_PER_MINUTE);
}
