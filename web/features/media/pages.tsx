import { PageHeader } from '../../components/PageHeader';

export function ImagesPage() {
  return (
    <PageHeader title="Images" description="Your image library: upload, star, archive and share." />
  );
}

export function VideosPage() {
  return (
    <PageHeader title="Videos" description="Your video library: upload, play, star and share." />
  );
}
