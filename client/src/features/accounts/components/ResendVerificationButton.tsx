// Sends a new verification link to the signed-in user; disabled while sending (the toast says how it went).
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { useResendVerification } from '../api/resend-verification.ts';

export function ResendVerificationButton({
  email,
  ...props
}: { email: string | null } & Omit<ButtonProps, 'onClick' | 'disabled'>) {
  const resend = useResendVerification(email);
  return (
    <Button disabled={resend.isPending} onClick={() => resend.mutate()} {...props}>
      {resend.isPending ? 'Sending…' : 'Resend email'}
    </Button>
  );
}
