// /settings: theme, password, two-step verification, sessions, the bank account (investors and traders) and notification
// emails of the signed-in user.
import { useEffect, type ReactNode } from 'react';
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { ChangePasswordForm } from '@/features/accounts/components/ChangePasswordForm.tsx';
import { OtherSessions } from '@/features/accounts/components/OtherSessions.tsx';
import { RequireSignIn } from '@/features/accounts/components/RequireSignIn.tsx';
import { NotificationSettings } from '@/features/notifications/components/NotificationSettings.tsx';
import { NoticeChannels } from '@/features/notifications/components/NoticeChannels.tsx';
import { BankAccountForm } from '@/features/money/components/BankAccountForm.tsx';
import { TwoFactorSection } from '@/features/accounts/components/TwoFactorSection.tsx';
import { Link } from 'wouter';
import { ThemeToggle } from '../layout/ThemeToggle.tsx';

function Section({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  // A link to a section (e.g. /settings#bank-account from the trader's workspace) lands on it.
  useEffect(() => {
    if (id && window.location.hash === `#${id}`) document.getElementById(id)?.scrollIntoView();
  }, [id]);
  return (
    <Card id={id} className="scroll-mt-20">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const BANK_ACCOUNT_TEXT = {
  trader:
    'The releases of your campaigns and the payments for your orders are paid to this account, held by your company as verified.',
  investor:
    'Withdrawals from your HydroBridge balance are paid to this account, held in your name as verified.',
} as const;

export default function SettingsPage() {
  return (
    <RequireSignIn title="Settings" signedOutLead="Sign in to change your theme, password and sessions.">
      {(user) => (
        <Page
          title="Settings"
          lead="Theme, password, two-step verification, sign-in sessions, your bank account and notification emails."
        >
          <div className="grid max-w-3xl gap-6">
            <Section title="Theme" description="Light, dark, or follow your device's setting.">
              <ThemeToggle withLabels />
            </Section>
            <Section
              title="Password"
              description="Changing your password signs you out on every other device."
            >
              <ChangePasswordForm username={user.username} />
            </Section>
            <Section
              id="two-factor"
              title="Two-step verification"
              description="A code from an authenticator app or a passkey, asked after your password and before withdrawals, bank account and password changes."
            >
              <TwoFactorSection />
            </Section>
            <Section title="Sessions" description="Sign out of HydroBridge on every other device.">
              <OtherSessions />
            </Section>
            {(user.role === 'investor' || user.role === 'trader') && (
              <Section id="bank-account" title="Bank account" description={BANK_ACCOUNT_TEXT[user.role]}>
                <BankAccountForm user={user} />
              </Section>
            )}
            {user.role === 'investor' && (
              <Section
                id="classification"
                title="Investor classification"
                description={
                  user.isAccredited
                    ? 'You are treated as a sophisticated investor: no knowledge test or risk warning before investing.'
                    : 'You are a non-sophisticated investor, with the full protections. If you meet the criteria, you can apply to be treated as sophisticated.'
                }
              >
                <Link
                  href="/investor/classification"
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  See your classification and apply
                </Link>
              </Section>
            )}
            <Section
              title="Email notifications"
              description="Emails about the campaigns you invested in. Account and security emails are always sent."
            >
              <NotificationSettings />
            </Section>
            <Section
              title="Notifications by kind"
              description="What shows under the bell in the top bar, and the other emails you may turn off."
            >
              <NoticeChannels />
            </Section>
          </div>
        </Page>
      )}
    </RequireSignIn>
  );
}
