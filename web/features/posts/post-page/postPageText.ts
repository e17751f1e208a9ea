import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** Texts of the post page that the spec gives (001 §8). */
export const postPageText = {
  loading: 'Loading post...',
  notFound: 'Post not found',
  /** One text for a missing post and one the viewer may not see: the 404 tells them apart for nobody. */
  notFoundDetail: "This post doesn't exist or isn't available to you.",
  deletedTitle: 'Post Deleted',
  deleted: 'The post has been deleted successfully.',
  deleteFailedTitle: 'Delete Failed',
  deleteFailed: 'There was an error deleting the post. Please try again.',
  /** The confirmation reads 'Are you sure you want to delete this post? ...' (001 §8). */
  deleteSubject: 'this post',
} as const;

/** The server answers 404 for a missing post, one the viewer may not see, and a malformed id. */
export function isNotFound(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return error !== undefined && 'status' in error && error.status === 404;
}
