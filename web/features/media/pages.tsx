import { MediaLibraryPage } from './MediaLibraryPage';

export { FileUploadDemoPage } from './FileUploadDemoPage';

export function ImagesPage() {
  return <MediaLibraryPage kind="image" />;
}

export function VideosPage() {
  return <MediaLibraryPage kind="video" />;
}
