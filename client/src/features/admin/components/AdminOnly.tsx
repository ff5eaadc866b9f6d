// Every admin page: for admins only (RoleOnly), in the page frame, under the console's navigation.
import type { ReactNode } from 'react';
import { RoleOnly } from '@/features/accounts/index.ts';
import { AdminNav } from './AdminNav.tsx';

export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RoleOnly
      role="admin"
      title={title}
      signedOutLead="Sign in as an admin to review accounts, escrow and compliance."
    >
      {() => (
        <>
          <AdminNav />
          {children}
        </>
      )}
    </RoleOnly>
  );
}
