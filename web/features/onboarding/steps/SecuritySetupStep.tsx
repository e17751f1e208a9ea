import { KeyRound, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';

/** Where the member changes their password and turns on two-factor sign-in. */
export function SecuritySetupStep() {
  return (
    <div className="grid gap-5">
      <section className="flex items-start gap-3" aria-labelledby="security-password">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-2">
          <h3 id="security-password" className="font-medium">
            A strong password
          </h3>
          <p className="text-sm text-muted-foreground">
            At least 12 characters with upper and lower case letters, a digit and a symbol, and
            nothing common or containing your username.
          </p>
          <Link to="/password-rotation" className={buttonVariants({ variant: 'outline' })}>
            Change password
          </Link>
        </div>
      </section>
      <section className="flex items-start gap-3" aria-labelledby="security-2fa">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-2">
          <h3 id="security-2fa" className="font-medium">
            Two-factor authentication
          </h3>
          <p className="text-sm text-muted-foreground">
            With two-factor sign-in, a code from an authenticator app is asked after your password,
            so a stolen password alone cannot open your account. Recovery codes let you in if you
            lose the phone. Turn it on under Privacy in your profile settings.
          </p>
          <Link to="/profile/settings" className={buttonVariants({ variant: 'outline' })}>
            Open profile settings
          </Link>
        </div>
      </section>
    </div>
  );
}
