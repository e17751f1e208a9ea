/** Texts of the post editor that the spec gives (001 §4, §8). */
export const editorText = {
  draftSavedTitle: 'Draft Saved',
  draftSaved: 'Your post draft has been saved successfully.',
  saveFailedTitle: 'Save Failed',
  saveFailed: 'There was an error saving your draft. Please try again.',
  publishedTitle: 'Post Published',
  published: 'Your post has been published successfully!',
  publishFailedTitle: 'Publish Failed',
  publishFailed: 'There was an error publishing your post. Please try again.',
  imageUploadFailed: 'Failed to upload image. Please try again.',
  leaveQuestion: 'You have unsaved changes. Are you sure you want to leave?',
  loading: 'Loading post...',
} as const;
