import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { buttonVariants } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export function OnboardingPage() {
  useDocumentTitle('Onboarding');
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-8 px-4 py-10">
      <Logo />
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle>Onboarding</CardTitle>
          <CardDescription>
            Set up your account in a few guided steps: profile basics, avatar, security, social
            connections and preferences.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/profile" className={buttonVariants()}>
            Go to your profile
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
