import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';

export function PostPage() {
  const { id } = useParams();
  return <PageHeader title="Post" description={`Post ${id ?? ''} with its likes and comments.`} />;
}

export function VideoPage() {
  return <PageHeader title="Video" description="Videos shared by members, with their comments." />;
}

export function MyPostsPage() {
  return (
    <PageHeader title="My Posts" description="Write, publish and manage your posts and drafts." />
  );
}

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
