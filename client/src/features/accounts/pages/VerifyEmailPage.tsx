// /verify-email?token=…: the link from the verification email. Posts the token once on arrival (the link
// may be opened in a browser that is not signed in), then says that the address is verified — the
// signed-in user is refreshed with it — or why not, with the way to a new link.
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { ERRORS } from '@domain/errors.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { FormAlert, FormSuccess } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { useAuth } from '../auth-context.tsx';
import { ResendVerificationButton } from '../components/ResendVerificationButton.tsx';

const LINK_INVALID = ERRORS.EMAIL_VERIFICATION_LINK_INVALID.message;

function Verified({ message }: { message: string }) {
  const { user, openAuthDialog } = useAuth();
  return (
    <div className="grid justify-items-start gap-4">
      <FormSuccess>{message}</FormSuccess>
      {user ? (
        <Button asChild>
          <Link href="/dashboard">Go to your dashboard</Link>
        </Button>
      ) : (
        <Button onClick={() => openAuthDialog('signin')}>Sign In</Button>
      )}
    </div>
  );
}

/** Why the link did not verify, and what to do: a new link (signed in) or sign in first. */
function NotVerified({ message }: { message: string }) {
  const { status, user, openAuthDialog } = useAuth();
  if (user?.emailVerified) return <Verified message="Your email address is already verified." />;
  return (
    <div className="grid justify-items-start gap-4">
      <FormAlert message={message} />
      {status === 'loading' ? null : user ? (
        <>
          <p className="text-sm text-muted-foreground">
            We will send a new link to <span className="font-medium text-foreground">{user.email}</span>.
          </p>
          <ResendVerificationButton email={user.email} />
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">Sign in to send yourself a new link.</p>
          <Button variant="outline" onClick={() => openAuthDialog('signin')}>
            Sign In
          </Button>
        </>
      )}
    </div>
  );
}

function VerifyToken({ token }: { token: string }) {
  const verify = useVerifyEmail();
  // One request per visit: the token works once, and StrictMode runs effects twice in development.
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <Verified message="Your email address is verified. Money can move once your documents are approved on the Verification page." />
    );
  }
  if (verify.isError) {
    const message =
      serverMessageOf(verify.error) || 'Your email address could not be verified. Please try again.';
    return <NotVerified message={message} />;
  }
  return (
    <p aria-busy="true" className="text-sm text-muted-foreground">
      Verifying your email address…
    </p>
  );
}

export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <Page title="Verify your email address" lead="The link we emailed you proves that the address is yours.">
      <Card className="max-w-md">
        <CardContent className="pt-5">
          {token ? <VerifyToken token={token} /> : <NotVerified message={LINK_INVALID} />}
        </CardContent>
      </Card>
    </Page>
  );
}
