// /profile: the user's own details to edit, and what only the platform changes, read-only.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { KYC_STATUS_LABELS, ROLE_LABELS } from '@domain/users.ts';
import type { PublicUser } from '@domain/auth.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { formatDate } from '@/lib/format.ts';
import { ACCOUNT_STATUS_LABELS, KYC_TONES, ROLE_TONES } from '../account-fields.ts';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { RoleRequestForm } from '../components/RoleRequestForm.tsx';
import { RequireSignIn } from '../components/RequireSignIn.tsx';

function AccountFacts({ user }: { user: PublicUser }) {
  const facts: Array<[string, ReactNode]> = [
    ['Email', user.email ?? '—'],
    [
      'Email status',
      <Badge tone={user.emailVerified ? 'green' : 'amber'}>
        {user.emailVerified ? 'Verified' : 'Not verified'}
      </Badge>,
    ],
    ['Username', user.username],
    ['Role', <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>],
    ['KYC status', <Badge tone={KYC_TONES[user.kycStatus]}>{KYC_STATUS_LABELS[user.kycStatus]}</Badge>],
    [
      'Account status',
      <Badge tone={user.accountStatus === 'active' ? 'green' : 'red'}>
        {ACCOUNT_STATUS_LABELS[user.accountStatus]}
      </Badge>,
    ],
    ['Member since', formatDate(user.createdAt)],
  ];
  return (
    <dl className="grid gap-3 text-sm">
      {facts.map(([term, value]) => (
        <div
          key={term}
          className="flex items-center justify-between gap-4 border-b pb-3 last:border-0 last:pb-0"
        >
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 truncate text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ProfilePage() {
  return (
    <RequireSignIn title="Profile" signedOutLead="Sign in to see and edit your profile.">
      {(user) => (
        <Page title="Profile" lead="Your personal and company details, and the status of your account.">
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <h2 className="text-lg leading-tight font-semibold">Your details</h2>
                <CardDescription>Shown to the HydroBridge team and used for KYC.</CardDescription>
              </CardHeader>
              <CardContent>
                <ProfileForm key={user.id} user={user} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="text-lg leading-tight font-semibold">Account</h2>
                <CardDescription>
                  Set by the platform. KYC review takes 1-3 business days; contact support to change your
                  email or role.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <AccountFacts user={user} />
                {user.role !== 'admin' && <RoleRequestForm user={user} />}
                {user.role !== 'admin' && (
                  <Link
                    href="/verification"
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {user.kycStatus === 'approved' ? 'Your verification' : 'Verify your identity (KYC)'}
                  </Link>
                )}
              </CardContent>
            </Card>
          </div>
        </Page>
      )}
    </RequireSignIn>
  );
}
