// "Check your inbox": a slim bar under the top bar for a signed-in user whose email address is not
// verified yet, naming the address, with a button for a new link. The layout loads it only for them.
import { MailCheck } from 'lucide-react';
import type { PublicUser } from '@domain/auth.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

export default function VerifyEmailBanner({ user }: { user: PublicUser }) {
  return (
    <section aria-label="Verify your email address" className="border-b bg-accent text-accent-foreground">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="flex min-w-0 flex-1 basis-64 items-start gap-2 text-sm">
          <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">Check your inbox:</strong> we sent a link to{' '}
            <span className="font-medium break-all">{user.email}</span>. Open it to verify your address before
            investing, creating campaigns or ordering.
          </span>
        </p>
        <ResendVerificationButton email={user.email} size="sm" variant="outline" className="max-sm:w-full" />
      </div>
    </section>
  );
}
