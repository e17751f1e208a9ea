import { isBlank } from '../../../../shared/api/text';
import { apiErrorOf } from '../../../lib/formErrors';
import { FEATURED_IMAGE_MAX_BYTES, mediaMessages, type MediaFile } from '../../../../shared/media';
import {
  CATEGORY_MAX,
  MAX_CATEGORIES,
  MAX_POST_MEDIA,
  MAX_POST_TAGS,
  POST_TAG_MAX,
  postsMessages,
  readTime,
  wordCount,
  type CreatePost,
  type PatchPost,
  type Post,
  type PostMedia,
  type PostStatus,
  type PostVisibility,
} from '../../../../shared/posts';

/** What the editor's three tabs hold (001 §2 Create post, §3 Post (my posts)). */
export interface PostFormValues {
  title: string;
  content: string;
  excerpt: string;
  /** The URL the upload endpoint answered, or null. */
  featuredImage: string | null;
  /** The member's images and videos attached, in the order shown. */
  media: readonly PostMedia[];
  categories: readonly string[];
  tags: readonly string[];
  visibility: PostVisibility;
  allowComments: boolean;
  allowSharing: boolean;
  seoTitle: string;
  seoDescription: string;
}

/** The editor starts as a draft with visibility public (001 §4). */
export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  content: '',
  excerpt: '',
  featuredImage: null,
  media: [],
  categories: [],
  tags: [],
  visibility: 'public',
  allowComments: true,
  allowSharing: true,
  seoTitle: '',
  seoDescription: '',
};

export function formOfPost(post: Post): PostFormValues {
  return {
    title: post.title,
    content: post.content,
    excerpt: post.excerpt,
    featuredImage: post.featuredImage,
    media: post.media,
    categories: post.categories,
    tags: post.tags,
    visibility: post.visibility,
    allowComments: post.allowComments,
    allowSharing: post.allowSharing,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
  };
}

/** A refused publish: the toast's two lines and the field to fix. */
export interface PublishRefusal {
  field: 'title' | 'content';
  title: string;
  description: string;
}

/**
 * Why the post cannot be published yet: a title is checked first, then content (001 §5). Text a
 * reader would see as empty counts as missing, as the server counts it. Save Draft has no checks.
 */
export function publishRefusal(
  values: Pick<PostFormValues, 'title' | 'content'>,
): PublishRefusal | null {
  if (isBlank(values.title)) {
    return {
      field: 'title',
      title: postsMessages.titleRequiredTitle,
      description: postsMessages.titleRequired,
    };
  }
  if (isBlank(values.content)) {
    return {
      field: 'content',
      title: postsMessages.contentRequiredTitle,
      description: postsMessages.contentRequired,
    };
  }
  return null;
}

export type LabelKind = 'category' | 'tag';

const LABEL_RULES: Record<LabelKind, { max: number; count: number; plural: string }> = {
  category: { max: CATEGORY_MAX, count: MAX_CATEGORIES, plural: 'categories' },
  tag: { max: POST_TAG_MAX, count: MAX_POST_TAGS, plural: 'tags' },
};

/** The server's rule for a label: no control, format or unpaired surrogate code points. */
const PRINTABLE = /^[^\p{C}]+$/u;

export interface LabelAdded {
  labels: readonly string[];
  /** Why the text was not added when the member should hear it; blank and repeats pass quietly. */
  problem: string | null;
}

/**
 * Adds a category or tag as typed: trimmed, non-empty, no duplicates (001 §5). The length, count
 * and character rules are the server's, told here before it would refuse the whole post.
 */
export function addLabel(labels: readonly string[], typed: string, kind: LabelKind): LabelAdded {
  const label = typed.trim();
  if (label === '' || labels.includes(label)) return { labels, problem: null };
  const rule = LABEL_RULES[kind];
  if (label.length > rule.max) {
    return { labels, problem: `A ${kind} is at most ${rule.max} characters` };
  }
  if (!PRINTABLE.test(label)) {
    return { labels, problem: `A ${kind} cannot contain control characters` };
  }
  if (labels.length >= rule.count) {
    return { labels, problem: `At most ${rule.count} ${rule.plural}` };
  }
  return { labels: [...labels, label], problem: null };
}

export function removeLabel(labels: readonly string[], label: string): readonly string[] {
  return labels.filter((held) => held !== label);
}

/** The parts of a browser `File` the check reads, so it runs without a DOM. */
export interface ChosenFile {
  readonly type: string;
  readonly size: number;
}

/** Why a file cannot be the featured image: not an image, then too large (001 §5, §9). */
export function featuredImageProblem(file: ChosenFile): string | null {
  if (!file.type.startsWith('image/')) return mediaMessages.selectImage;
  if (file.size > FEATURED_IMAGE_MAX_BYTES) return mediaMessages.featuredTooLarge;
  return null;
}

/** Words and minutes to read, as the author types (the rule is the server's, `shared/posts`). */
export function readingOf(content: string): { wordCount: number; readTime: number } {
  const words = wordCount(content);
  return { wordCount: words, readTime: readTime(words) };
}

/** An uploaded file as a post shows it, or null for what a post cannot carry. */
export function postMediaOf(file: MediaFile): PostMedia | null {
  if (file.kind !== 'image' && file.kind !== 'video') return null;
  return {
    id: file.id,
    key: file.key,
    name: file.name,
    mimeType: file.mimeType,
    url: file.url,
    thumbnailUrl: file.thumbnailUrl,
    posterUrl: file.posterUrl,
    dimensions: file.dimensions,
    duration: file.duration,
    description: file.description,
    kind: file.kind,
  };
}

export interface MediaAttached {
  media: readonly PostMedia[];
  /** Set when some files did not fit under the post's limit. */
  problem: string | null;
}

/** Attaches files after those held, skipping repeats, up to the post's limit. */
export function attachMedia(
  held: readonly PostMedia[],
  added: readonly PostMedia[],
): MediaAttached {
  const media = [...held];
  const ids = new Set(held.map((file) => file.id));
  let left = false;
  for (const file of added) {
    if (ids.has(file.id)) continue;
    ids.add(file.id);
    if (media.length < MAX_POST_MEDIA) media.push(file);
    else left = true;
  }
  return {
    media,
    problem: left ? `A post holds at most ${MAX_POST_MEDIA} images and videos` : null,
  };
}

/** The values as the server will keep them: it trims these fields and drops repeated labels. */
function normalised(values: PostFormValues) {
  return {
    title: values.title.trim(),
    content: values.content,
    excerpt: values.excerpt.trim(),
    featuredImage: values.featuredImage?.trim() || null,
    mediaIds: values.media.map((file) => file.id),
    categories: [...new Set(values.categories.map((label) => label.trim()))],
    tags: [...new Set(values.tags.map((label) => label.trim()))],
    visibility: values.visibility,
    allowComments: values.allowComments,
    allowSharing: values.allowSharing,
    seoTitle: values.seoTitle.trim(),
    seoDescription: values.seoDescription.trim(),
  };
}

type Normalised = ReturnType<typeof normalised>;
const FIELDS = Object.keys(normalised(EMPTY_POST_FORM)) as (keyof Normalised)[];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose saved value would differ from the baseline (the post as last loaded or saved).
 * An edit undone by hand is no change: what would be saved is what is there.
 */
export function changedFields(
  baseline: PostFormValues,
  values: PostFormValues,
): (keyof Normalised)[] {
  const before = normalised(baseline);
  const after = normalised(values);
  return FIELDS.filter((field) => !same(before[field], after[field]));
}

/** Unsaved changes: leaving asks first, and saving clears them (001 §4). */
export function isDirty(baseline: PostFormValues, values: PostFormValues): boolean {
  return changedFields(baseline, values).length > 0;
}

/**
 * `POST /posts` for a new post saved as a draft or published (001 §7 create post); `linkPreview`
 * false when the author removed the link's card in the editor.
 */
export function createBody(
  values: PostFormValues,
  status: PostStatus,
  linkPreview = true,
): CreatePost {
  return { ...normalised(values), location: null, status, linkPreview };
}

/**
 * `PATCH /posts/{id}`: the status asked for and only the fields changed since the post was
 * loaded, so an edit in another tab to a field not touched here survives.
 */
export function patchBody(
  baseline: PostFormValues,
  values: PostFormValues,
  status: PostStatus,
): PatchPost {
  const after = normalised(values);
  const patch: PatchPost = { status };
  for (const field of changedFields(baseline, values))
    Object.assign(patch, { [field]: after[field] });
  return patch;
}

/**
 * A refused save's second line: the server's own words for a request it turned down (a limit,
 * a file no longer the member's), else the spec's text for the failure (001 §8).
 */
export function saveFailureText(failure: unknown, fallback: string): string {
  const status =
    typeof failure === 'object' && failure !== null && 'status' in failure
      ? failure.status
      : undefined;
  const refused = typeof status === 'number' && status >= 400 && status < 500;
  return (refused && apiErrorOf(failure)?.message) || fallback;
}
