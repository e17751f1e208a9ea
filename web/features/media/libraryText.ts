import { mediaMessages, type FilesTab } from '../../../shared/media';

export type LibraryKind = 'image' | 'video';

export interface LibraryText {
  title: string;
  description: string;
  noun: string;
  nouns: string;
  /** The share toast (001 §8). */
  copied: string;
  empty: Record<FilesTab, { title: string; hint: string }>;
}

function textOf(
  kind: LibraryKind,
  title: string,
  description: string,
  copied: string,
): LibraryText {
  const noun = kind;
  const nouns = `${kind}s`;
  return {
    title,
    description,
    noun,
    nouns,
    copied,
    empty: {
      all: { title: `No ${nouns} yet`, hint: `Upload ${nouns} to see them here.` },
      starred: { title: `No starred ${nouns}`, hint: `Star ${nouns} to find them here quickly.` },
      recent: {
        title: `No ${nouns} from the last 7 days`,
        hint: `${title} uploaded in the last week show here.`,
      },
      archived: {
        title: `No archived ${nouns}`,
        hint: `Archived ${nouns} leave the other tabs and wait here.`,
      },
    },
  };
}

export const LIBRARY_TEXT: Record<LibraryKind, LibraryText> = {
  image: textOf(
    'image',
    'Images',
    'Your image library: upload, star, archive and share.',
    mediaMessages.imageCopied,
  ),
  video: textOf(
    'video',
    'Videos',
    'Your video library: upload, play, star and share.',
    mediaMessages.videoCopied,
  ),
};

/** "1 image", "3 images". */
export const countOf = (n: number, text: LibraryText) => `${n} ${n === 1 ? text.noun : text.nouns}`;
