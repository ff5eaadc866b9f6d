// Forgot password, inline in the dialog: an email address in, the same answer whether or not an
// account exists (no enumeration).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema } from '@domain/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useRequestPasswordReset, type ForgotPasswordInput } from '../api/forgot-password.ts';

export const RESET_REQUESTED = "If an account exists for that email, we've sent a reset link.";

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema, undefined, { raw: true }),
    defaultValues: { email: '' },
  });

  if (request.isSuccess) {
    return (
      <div className="grid gap-4">
        <p role="status" className="rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
          {RESET_REQUESTED} The link works once, for one hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Reset your password"
      onSubmit={handleSubmit((values) => request.mutate(values))}
      className="grid gap-4"
    >
      <Field id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          spellCheck={false}
          {...fieldA11y('forgot-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <FormAlert
        message={
          request.isError
            ? serverMessageOf(request.error) || 'We could not send the email. Please try again.'
            : undefined
        }
      />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
