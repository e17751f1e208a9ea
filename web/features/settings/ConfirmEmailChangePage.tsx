import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { emailVerificationMessages } from '../../../shared/ops/email';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthFrame } from '../auth/AuthFrame';
import { errorDetail } from '../email/errorDetail';
import { useConfirmEmailChangeMutation } from './settingsApi';

/** Opens from the link sent to a new address: following it moves the account there. */
export function ConfirmEmailChangePage() {
  useDocumentTitle('Confirm Email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [confirm, result] = useConfirmEmailChangeMutation();
  const sent = useRef(false);

  useEffect(() => {
    // React's development double effect must not spend the single-use link twice.
    if (!token || sent.current) return;
    sent.current = true;
    void confirm({ token });
  }, [token, confirm]);

  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle>Confirm your new email</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {!token || result.isError ? (
            <Alert>{errorDetail(result.error) ?? emailVerificationMessages.invalid}</Alert>
          ) : result.isSuccess ? (
            <Alert tone="success">{result.data}</Alert>
          ) : (
            <div role="status" className="flex items-center justify-center gap-2 text-sm">
              <Spinner className="size-4" />
              Confirming…
            </div>
          )}
          <Button asChild size="lg" className="w-full">
            <Link to="/">Go to Agora</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthFrame>
  );
}
