import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { SignedInSession } from '../../../shared/auth/schemas';
import { onboardingMessages } from '../../../shared/onboarding';
import { Logo } from '../../components/Logo';
import { FullPageLoading } from '../../components/PageStates';
import { Button, buttonVariants } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LOGIN_PATH, useSession } from '../auth';
import { useLiveFeature } from '../connection';
import { AccountSetup } from './AccountSetup';
import { useGetOnboardingProgressQuery } from './onboardingApi';
import { OnboardingWizard } from './OnboardingWizard';

const PROFILE_PATH = '/profile';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col items-center gap-8 px-4 py-10">
      <Logo />
      <Card className="w-full max-w-4xl">
        <CardHeader>
          <CardTitle>Set up your account</CardTitle>
          <CardDescription>
            A few guided steps: your profile, security, people to follow and your preferences.
          </CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex min-h-svh items-center justify-center px-4">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CloudOff className="size-6" aria-hidden />
        </span>
        <h1 className="text-lg font-semibold">{onboardingMessages.loadFailed}</h1>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
          <Link to={LOGIN_PATH} className={buttonVariants()}>
            {onboardingMessages.goToLogin}
          </Link>
        </div>
      </div>
    </div>
  );
}

function OnboardingFlow({ user }: { user: SignedInSession }) {
  useLiveFeature('onboarding');
  const progress = useGetOnboardingProgressQuery(user.id);
  const navigate = useNavigate();

  if (progress.isLoading) return <FullPageLoading />;
  if (progress.isError || progress.data === undefined) {
    return <LoadFailure onRetry={() => void progress.refetch()} />;
  }
  if (progress.data === null) {
    return (
      <Frame>
        <AccountSetup user={user} />
      </Frame>
    );
  }
  if (progress.data.completedAt) return <Navigate to={PROFILE_PATH} replace />;
  return (
    <Frame>
      <OnboardingWizard
        progress={progress.data}
        onFinished={() => {
          toast.success(onboardingMessages.completed, { description: onboardingMessages.welcome });
          navigate(PROFILE_PATH, { replace: true });
        }}
      />
    </Frame>
  );
}

/**
 * `/onboarding` (000 §2): the account choice and personalization, then the wizard. A visitor is
 * sent to /login (by the route guard, and here when the guard is off) and a member who finished
 * to /profile.
 */
export function OnboardingPage() {
  useDocumentTitle('Onboarding');
  const session = useSession();
  if (session.status === 'loading') return <FullPageLoading />;
  if (!session.user) return <Navigate to={LOGIN_PATH} replace />;
  if (session.user.onboardingComplete) return <Navigate to={PROFILE_PATH} replace />;
  return <OnboardingFlow user={session.user} />;
}
