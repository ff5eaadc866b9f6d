// The dashboards' "what is pending" banner (issue 19): while anything stands between the user and
// moving money — an unverified email, KYC not sent, in review (or an identity change in review), or
// rejected — every dashboard says what, and links to /verification. Nothing for admins or verified users.
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '@domain/auth.ts';
import { PENDING_STEP_TEXT, pendingVerification } from '@domain/identity.ts';
import { Button } from '@/components/ui/button.tsx';
import { VERIFICATION_PATH } from '@/components/verification-gate.tsx';
import { verificationQuery } from '../api/verification.ts';

/** What verification opens for each role (the money gate, domain/policies.ts). */
const OPENS: Record<PublicUser['role'], string> = {
  investor: 'investing opens',
  trader: 'campaigns, listings and quotes open',
  buyer: 'orders and quote requests open',
  admin: 'nothing changes',
};

export function VerificationBanner({ user }: { user: PublicUser }) {
  // Which review it is (first documents, or a change of identity) is on GET /api/kyc.
  const verification = useQuery({ ...verificationQuery(), enabled: user.kycStatus === 'under_review' });
  const steps = pendingVerification(user, verification.data?.identityChange?.status === 'pending');
  if (!steps.length) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
      <section
        aria-label="Verification pending"
        className="flex flex-wrap items-start gap-x-4 gap-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1 basis-64 text-sm">
          <p className="font-semibold">Verification pending: {OPENS[user.role]} once it is done.</p>
          <ul className="mt-1 list-disc pl-5">
            {steps.map((step) => (
              <li key={step}>{PENDING_STEP_TEXT[step]}</li>
            ))}
          </ul>
        </div>
        <Button asChild size="sm">
          <Link href={VERIFICATION_PATH}>Open the Verification page</Link>
        </Button>
      </section>
    </div>
  );
}
