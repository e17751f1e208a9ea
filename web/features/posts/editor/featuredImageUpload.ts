import { editorUploadResultSchema } from '../../../../shared/media';
import { sendForm, type SentForm } from '../../media';

/** The post editor's upload endpoint (001 §7): public images up to 5 MB, answered as `location`. */
export const FEATURED_IMAGE_UPLOAD_URL = '/api/v1/files/upload';

/** Sends the featured image as the form field `file`; the answer is the image's URL. */
export function sendFeaturedImage(
  file: File,
  onProgress: (sent: number, total: number) => void,
): SentForm<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendForm({
    url: FEATURED_IMAGE_UPLOAD_URL,
    form,
    parse: (body) => editorUploadResultSchema.parse(body).location,
    onProgress,
  });
}
