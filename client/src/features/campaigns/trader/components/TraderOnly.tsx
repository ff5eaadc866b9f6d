// Trader pages: a visitor is asked to sign in (RequireSignIn), another role is told the page is for
// traders (and no trader data is requested); a trader gets the page.
import { Link } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { RequireSignIn, type SignedInPageProps } from '@/features/auth/components/RequireSignIn.tsx';

export function TraderOnly({ title, signedOutLead, children }: SignedInPageProps) {
  return (
    <RequireSignIn title={title} signedOutLead={signedOutLead}>
      {(user) =>
        user.role === 'trader' ? (
          children(user)
        ) : (
          <Page
            title={title}
            lead={`This page is for traders: it is where they create and run their campaigns. You are signed in as ${user.role}.`}
            actions={
              <Button asChild variant="outline">
                <Link href="/dashboard">Go to your dashboard</Link>
              </Button>
            }
          />
        )
      }
    </RequireSignIn>
  );
}
