/** Texts of the video page; the empty state's are the spec's own (001 §2, §8). */
export const videoPageText = {
  notFound: 'No video found',
  notFoundDetail: "The video you're looking for doesn't exist.",
  loading: 'Loading video...',
} as const;
