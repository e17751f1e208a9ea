import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { emailVerificationMessages } from '../../../shared/ops/email';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthFrame } from '../auth';
import { errorDetail } from '../../lib/errorDetail';

export interface EmailLinkResult {
  isError: boolean;
  isSuccess: boolean;
  error?: unknown;
  /** What the server said on success. */
  message: string | undefined;
}

interface EmailLinkPageProps {
  documentTitle: string;
  title: string;
  pending: string;
  /** Spends the link's token; the page calls it once. */
  send: (token: string) => unknown;
  result: EmailLinkResult;
}

/** A page opened from an emailed link whose token is single-use, so it is sent once. */
export function EmailLinkPage({ documentTitle, title, pending, send, result }: EmailLinkPageProps) {
  useDocumentTitle(documentTitle);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const sent = useRef(false);

  useEffect(() => {
    // React's development double effect must not spend the single-use link twice.
    if (!token || sent.current) return;
    sent.current = true;
    send(token);
  }, [token, send]);

  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {!token || result.isError ? (
            <Alert>{errorDetail(result.error) ?? emailVerificationMessages.invalid}</Alert>
          ) : result.isSuccess ? (
            <Alert tone="success">{result.message}</Alert>
          ) : (
            <div role="status" className="flex items-center justify-center gap-2 text-sm">
              <Spinner className="size-4" />
              {pending}
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
