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
            <strong className="font-semibold">Check your inbox:</strong> open the link we sent to{' '}
            <span className="font-medium wrap-anywhere">{user.email}</span> to verify your address
            {/* On a phone the bar stays short; the pages that need the address say why. */}
            <span className="max-sm:hidden"> before investing, creating campaigns or ordering</span>.
          </span>
        </p>
        <ResendVerificationButton email={user.email} size="sm" variant="outline" className="max-sm:ml-6" />
      </div>
    </section>
  );
}
