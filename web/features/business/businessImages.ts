/**
 * A chosen logo or banner as the data URL the account's save carries, already cut to its size
 * (centred cover) in the browser: the server crops it again by its bytes, but a photo sent whole
 * would not fit in a request. WebP where the browser can encode it, JPEG otherwise.
 */
export async function imageDataUrl(
  file: File,
  size: { width: number; height: number },
): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.max(size.width / bitmap.width, size.height / bitmap.height);
  const width = bitmap.width * scale;
  const height = bitmap.height * scale;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  context.drawImage(bitmap, (size.width - width) / 2, (size.height - height) / 2, width, height);
  bitmap.close();
  const webp = canvas.toDataURL('image/webp', 0.9);
  return webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/jpeg', 0.9);
}
