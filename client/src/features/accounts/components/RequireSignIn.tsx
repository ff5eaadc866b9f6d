// Pages of the signed-in user: a visitor sees the page heading and a Login button instead.
import type { ReactNode } from 'react';
import type { PublicUser } from '@domain/auth.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '../auth-context.tsx';

export interface SignedInPageProps {
  title: string;
  signedOutLead: string;
  children: (user: PublicUser) => ReactNode;
}

export function RequireSignIn({ title, signedOutLead, children }: SignedInPageProps) {
  const { status, user, openAuthDialog } = useAuth();
  if (status === 'loading') return <Page title={title} lead="Loading your account…" />;
  if (!user) {
    return (
      <Page
        title={title}
        lead={signedOutLead}
        actions={<Button onClick={() => openAuthDialog('signin')}>Login</Button>}
      />
    );
  }
  return children(user);
}
