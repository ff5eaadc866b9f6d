// What a money gate shows when the user's verification blocks it (domain/policies.ts
// verificationBlocker): the reason, and for KYC a link to the Verification page.
import { Link } from 'wouter';
import { ERRORS } from '@domain/errors.ts';
import { verificationBlocker } from '@domain/policies.ts';
import { Button } from '@/components/ui/button.tsx';

export const VERIFICATION_PATH = '/verification';

/** The gate's own sentence for KYC ("… before creating campaigns"), else the catalogue's reason. */
export function gateMessage(
  user: { emailVerified: boolean; kycStatus: string },
  kycMessage?: string,
): string | null {
  const blocked = verificationBlocker(user);
  if (!blocked) return null;
  return blocked === 'KYC_NOT_APPROVED' && kycMessage ? kycMessage : ERRORS[blocked].message;
}

/** A link to the Verification page when KYC is what blocks the user; nothing otherwise. */
export function VerificationLink({ user }: { user: { emailVerified: boolean; kycStatus: string } }) {
  if (verificationBlocker(user) !== 'KYC_NOT_APPROVED') return null;
  return (
    <Button asChild>
      <Link href={VERIFICATION_PATH}>Go to Verification</Link>
    </Button>
  );
}
