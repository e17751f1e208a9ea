import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';

export function PostPage() {
  const { id } = useParams();
  return <PageHeader title="Post" description={`Post ${id ?? ''} with its likes and comments.`} />;
}
