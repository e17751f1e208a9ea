import { PageHeader } from '../../../components/PageHeader';

export function CreatePostPage() {
  return (
    <PageHeader
      title="Create Post"
      description="Write a new post, add media and choose who can see it."
    />
  );
}

export function EditPostPage() {
  return (
    <PageHeader title="Edit Post" description="Update the content and settings of your post." />
  );
}
