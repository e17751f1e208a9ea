// What other features use of media; inside the feature, files import each other directly.
export { filesUploaded } from './mediaCache';
export {
  sendForm,
  sendUpload,
  type SentForm,
  UploadCancelled,
  uploadPath,
} from './upload/uploadRequest';
export { UploadWidget } from './upload/UploadWidget';
export { fileProblem, rulesFor } from './upload/validateFiles';
