// The sign-in's second step (docs/security.md): a code from the authenticator app or a recovery code,
// or the passkey, whichever the account has.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { secondStepSchema, type TwoFactorMethod } from '@domain/two-factor.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useVerifySecondFactor } from '../api/verify-second-factor.ts';

const PASSKEY_FAILED = 'Your passkey was not used. Try again, or enter a code.';

export function SecondStepForm({ methods, onDone }: { methods: TwoFactorMethod[]; onDone: () => void }) {
  const verify = useVerifySecondFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(secondStepSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const missing = errors.code?.message;
  const hasCodes = methods.includes('totp') || methods.includes('recovery');
  const error = verify.isError
    ? serverMessageOf(verify.error) ||
      (verify.variables && 'passkey' in verify.variables ? PASSKEY_FAILED : undefined)
    : undefined;

  return (
    <form
      noValidate
      aria-label="Two-step verification"
      className="grid gap-4"
      onSubmit={handleSubmit(({ code }) => verify.mutate({ code }, { onSuccess: onDone }))}
    >
      <p className="text-sm text-muted-foreground">
        Two-step verification is on for this account.{' '}
        {hasCodes && 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'}
      </p>
      {hasCodes && (
        <Field id="second-step-code" label="Authentication code" error={missing}>
          <Input
            type="text"
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            {...fieldA11y('second-step-code', missing)}
            {...register('code')}
          />
        </Field>
      )}
      <FormAlert message={error} />
      {hasCodes && (
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </Button>
      )}
      {methods.includes('passkey') && (
        <Button
          type="button"
          variant={hasCodes ? 'outline' : 'default'}
          disabled={verify.isPending}
          onClick={() => verify.mutate({ passkey: true }, { onSuccess: onDone })}
        >
          Use your passkey
        </Button>
      )}
    </form>
  );
}
