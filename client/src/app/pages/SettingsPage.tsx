// /settings: theme, password, sessions and notification emails of the signed-in user.
import type { ReactNode } from 'react';
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { ChangePasswordForm } from '@/features/auth/components/ChangePasswordForm.tsx';
import { OtherSessions } from '@/features/auth/components/OtherSessions.tsx';
import { RequireSignIn } from '@/features/auth/components/RequireSignIn.tsx';
import { NotificationSettings } from '@/features/lifecycle/components/NotificationSettings.tsx';
import { ThemeToggle } from '../layout/ThemeToggle.tsx';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export default function SettingsPage() {
  return (
    <RequireSignIn title="Settings" signedOutLead="Sign in to change your theme, password and sessions.">
      {(user) => (
        <Page title="Settings" lead="Theme, password, sign-in sessions and notification emails.">
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
            <Section title="Sessions" description="Sign out of HydroBridge on every other device.">
              <OtherSessions />
            </Section>
            <Section
              title="Email notifications"
              description="Emails about the campaigns you invested in. Account and security emails are always sent."
            >
              <NotificationSettings />
            </Section>
          </div>
        </Page>
      )}
    </RequireSignIn>
  );
}
