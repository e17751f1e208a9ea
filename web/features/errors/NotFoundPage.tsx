import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="bg-gradient-to-br from-indigo-500 to-violet-500 bg-clip-text text-7xl font-bold tracking-tight text-transparent">
        404
      </p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        Return to Home
      </Link>
    </main>
  );
}
