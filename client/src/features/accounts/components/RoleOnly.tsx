// Role pages (/trader/*, /buyer/*, /admin/*): a visitor is asked to sign in (RequireSignIn), another
// role is told whom the page is for (and none of its data is requested); the right role gets the page.
// The API refuses the same users on its side: this only spares them a page of errors.
import { Link } from 'wouter';
import type { Role } from '@domain/users.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { RequireSignIn, type SignedInPageProps } from './RequireSignIn.tsx';

/** Whom each role's pages serve, as the "not for your role" page says it. */
const ROLE_PAGES_PURPOSE: Record<Role, string> = {
  investor: 'investors: it is where they follow their investments',
  trader: 'traders: it is where they create and run their campaigns',
  buyer: 'buyers: it is where they buy hydrogen and follow their orders',
  admin: 'admins: it is where they review accounts, escrow and compliance',
};

export function RoleOnly({ role, title, signedOutLead, children }: SignedInPageProps & { role: Role }) {
  return (
    <RequireSignIn title={title} signedOutLead={signedOutLead}>
      {(user) =>
        user.role === role ? (
          children(user)
        ) : (
          <Page
            title={title}
            lead={`This page is for ${ROLE_PAGES_PURPOSE[role]}. You are signed in as ${user.role}.`}
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
