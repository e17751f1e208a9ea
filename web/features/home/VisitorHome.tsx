import { LogIn, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';

/**
 * The visitor's `/home` (it has no guard, 000 §2): the feed is a member's own, so they are asked
 * to sign in or create an account.
 */
export function VisitorHome() {
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center"
      data-testid="home-visitor"
    >
      <h2 className="text-lg font-semibold">Sign in to see your feed</h2>
      <p className="text-sm text-muted-foreground">
        Your feed gathers what you and your friends post. Log in, or create an account to join.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/login" state={{ from: '/home' }}>
            <LogIn aria-hidden />
            Log in
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/create-account">
            <UserPlus aria-hidden />
            Create account
          </Link>
        </Button>
      </div>
    </div>
  );
}
