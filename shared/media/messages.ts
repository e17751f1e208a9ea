/** Texts of uploads, the libraries and the CDN, from the spec's catalogues where it gives them. */
export const mediaMessages = {
  typeNotAllowed: (type: string, allowed: readonly string[]) =>
    `File type ${type} is not allowed. Allowed types: ${allowed.join(', ')}`,
  tooManyFiles: (max: number) => `Maximum ${max} files allowed`,
  fileTooLarge: (max: number) => `File is larger than ${max} bytes`,
  /** The upload widget's own check before sending (001 §5), the limit written for people. */
  fileSizeExceeded: (max: string) => `File size exceeds the maximum allowed size of ${max}`,
  fileEmpty: 'File is empty',
  /** A presigned upload is bound to what its grant declared, as a bucket's presigned PUT is. */
  sizeNotDeclared: (declared: number) => `This upload was granted for exactly ${declared} bytes.`,
  typeNotDeclared: (type: string) =>
    `This upload was granted for ${type}: send it with Content-Type: ${type}.`,
  uploadFailed: (name: string, reason: string) => `Failed to upload "${name}": ${reason}`,
  uploadedSome: (done: number, total: number) => `Successfully uploaded ${done} of ${total} files`,
  uploadedOne: (name: string) => `File "${name}" uploaded successfully!`,
  uploadedMany: (n: number) => `Successfully uploaded ${n} files!`,
  quotaExceeded: (used: string, quota: string) =>
    `Your storage is full: ${used} of ${quota} used. Delete files to make room.`,
  noFile: 'Choose a file to upload.',
  notYourFolder: 'You can only upload to your own files.',
  fileNotFound: 'File not found',
  notYourFile: 'Only the owner can change or delete this file.',
  linkExpired: 'This link has expired or is not valid.',
  transformsImagesOnly: 'Only images can be transformed.',
  imageCopied: 'Image URL copied to clipboard!',
  videoCopied: 'Video URL copied to clipboard!',
  urlCopied: 'URL copied to clipboard!',
  imagesUploadError: 'Error uploading images. Please try again.',
  videosUploadError: 'Error uploading videos. Please try again.',
  selectImage: 'Please select an image file',
  featuredTooLarge: 'File size must be less than 5MB',
} as const;
