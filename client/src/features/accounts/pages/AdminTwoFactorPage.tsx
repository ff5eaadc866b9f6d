// /admin/two-factor: where an admin without a second factor is sent by any refused call
// (TWO_FACTOR_ENROLLMENT_REQUIRED, lib/query-client.ts). Enrolling here opens the console.
import { Link } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { RequireSignIn } from '../components/RequireSignIn.tsx';
import { useTwoFactorStatus } from '../api/get-status.ts';
import { TwoFactorSection } from '../components/TwoFactorSection.tsx';

export default function AdminTwoFactorPage() {
  return (
    <RequireSignIn title="Two-step verification" signedOutLead="Sign in to set up two-step verification.">
      {() => <Enrollment />}
    </RequireSignIn>
  );
}

function Enrollment() {
  const status = useTwoFactorStatus();
  const done = !!status.data?.enabled;
  return (
    <Page
      title="Two-step verification"
      lead="Admins must protect their account with a second factor before using the console: set up an authenticator app or add a passkey."
      actions={
        done ? (
          <Button asChild>
            <Link href="/admin/dashboard">Go to the admin console</Link>
          </Button>
        ) : undefined
      }
    >
      <Card className="max-w-3xl">
        <CardContent className="pt-6">
          <TwoFactorSection />
        </CardContent>
      </Card>
    </Page>
  );
}
