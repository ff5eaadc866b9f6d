// Change password: the current one, then the new one twice. Other sessions end (the server says how many).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordSchema } from '@domain/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { shownError } from '../step-up.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ username }: { username: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema, undefined, { raw: true }),
    defaultValues: EMPTY,
  });
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(EMPTY),
      onError: (error) =>
        applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword', 'confirmPassword']),
    }),
  );
  // A wrong current password is shown at its field; other failures above the button.
  const fieldErrorShown = !!errors.currentPassword || !!errors.newPassword || !!errors.confirmPassword;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change password" className="grid max-w-md gap-4">
      {/* Tells password managers which account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Field id="password-current" label="Current password" error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldA11y('password-current', errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
      </Field>
      <Field
        id="password-new"
        label="New password"
        error={errors.newPassword?.message}
        hint="At least 8 characters"
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldA11y('password-new', errors.newPassword?.message, { hint: true })}
          {...register('newPassword')}
        />
      </Field>
      <Field id="password-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldA11y('password-confirm', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>
      <FormAlert
        message={
          shownError(change.error) && !fieldErrorShown
            ? serverMessageOf(change.error) || 'Your password was not changed. Please try again.'
            : undefined
        }
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
