// Every admin page: for admins only (RoleOnly), in the page frame. The console's navigation is the
// top bar's "Admin" row (app/layout/nav.ts), as every role's own pages are.
import type { ReactNode } from 'react';
import { RoleOnly } from '@/features/accounts/index.ts';

export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RoleOnly
      role="admin"
      title={title}
      signedOutLead="Sign in as an admin to review accounts, escrow and compliance."
    >
      {() => children}
    </RoleOnly>
  );
}
