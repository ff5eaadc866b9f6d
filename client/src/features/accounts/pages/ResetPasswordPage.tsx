// /reset-password?token=…: the link from the reset email. Sets a new password; the server ends every
// session of the account, so the user signs in again with it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import { MESSAGES, resetPasswordSchema } from '@domain/auth.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Field, fieldA11y, FormAlert, FormSuccess } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useResetPassword, type ResetPasswordInput } from '../api/reset-password.ts';
import { useAuth } from '../auth-context.tsx';

const INVALID_LINK = MESSAGES.resetLinkInvalid;

function ResetForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const { openAuthDialog } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema, undefined, { raw: true }),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  if (reset.isSuccess) {
    return (
      <div className="grid justify-items-start gap-4">
        <FormSuccess>
          Your password has been changed and every session of your account was signed out. Sign in with your
          new password.
        </FormSuccess>
        <Button onClick={() => openAuthDialog('signin')}>Sign In</Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Choose a new password"
      onSubmit={handleSubmit((values) => reset.mutate(values))}
      className="grid gap-4"
    >
      <input type="hidden" {...register('token')} />
      <Field
        id="reset-password"
        label="New password"
        error={errors.password?.message}
        hint="At least 8 characters"
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldA11y('reset-password', errors.password?.message, { hint: true })}
          {...register('password')}
        />
      </Field>
      <Field id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldA11y('reset-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>
      <FormAlert
        message={
          errors.token
            ? INVALID_LINK
            : reset.isError
              ? serverMessageOf(reset.error) || 'Your password was not changed. Please try again.'
              : undefined
        }
      />
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { openAuthDialog } = useAuth();
  return (
    <Page title="Reset your password" lead="Choose a new password for your HydroBridge account.">
      <Card className="max-w-md">
        <CardContent className="pt-5">
          {token ? (
            <ResetForm token={token} />
          ) : (
            <div className="grid justify-items-start gap-4">
              <FormAlert message={INVALID_LINK} />
              <Button variant="outline" onClick={() => openAuthDialog('signin')}>
                Open sign-in
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
