import { useCallback } from 'react';
import { useVerifyEmailMutation } from './emailApi';
import { EmailLinkPage } from './EmailLinkPage';

/** Opens from the 'Email Verification' link sent at sign-up. */
export function VerifyEmailPage() {
  const [verify, result] = useVerifyEmailMutation();
  const send = useCallback((token: string) => void verify({ token }), [verify]);
  return (
    <EmailLinkPage
      documentTitle="Verify Email"
      title="Verify your email"
      pending="Verifying…"
      send={send}
      result={{ ...result, message: result.data?.message }}
    />
  );
}
