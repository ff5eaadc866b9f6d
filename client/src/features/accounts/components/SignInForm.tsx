// Sign in with email or username and password (spec §5), the picked role and Remember me.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { signinSchema, type SigninInput } from '@domain/auth.ts';
import type { SignupRole } from '@domain/users.ts';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField, Field, FieldError, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, Label } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { socialStartUrl } from '../api/get-providers.ts';
import type { TwoFactorMethod } from '@domain/two-factor.ts';
import { isChallenge, useSignIn } from '../api/sign-in.ts';
import { SecondStepForm } from './SecondStepForm.tsx';
import { SIGN_IN_FAILED_FALLBACK } from '../auth-messages.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { RoleGate } from './RolePicker.tsx';
import { OrDivider, SocialButtons } from './SocialButtons.tsx';

const GATE_ID = 'signin-role-gate';

const schemaResolver = zodResolver(signinSchema, undefined, { raw: true });
/**
 * signinSchema checks the email-or-username only once the password passes. To show both messages
 * of an empty form at once, the identifier is checked again with a stand-in password.
 */
const resolver: Resolver<SigninInput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (values.password || result.errors.email) return result;
  const identifier = await schemaResolver({ ...values, password: '-' }, context, options);
  const email = identifier.errors.email;
  return email ? { values: {}, errors: { ...result.errors, email } } : result;
};

export function SignInForm({
  role,
  secondStep: waiting,
  onForgotPassword,
  onDone,
}: {
  role: SignupRole | null;
  /** A sign-in already waiting for its second step (a social sign-in): the form opens at that step. */
  secondStep?: TwoFactorMethod[];
  onForgotPassword: () => void;
  onDone: () => void;
}) {
  const signIn = useSignIn();
  const [secondStep, setSecondStep] = useState<TwoFactorMethod[] | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SigninInput>({
    resolver,
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit((values) => {
    if (!role) return;
    signIn.mutate(
      { email: values.email, password: values.password, rememberMe: values.rememberMe, selectedRole: role },
      {
        onSuccess: (answer) => {
          reset();
          if (isChallenge(answer)) setSecondStep(answer.methods);
          else onDone();
        },
        onError: (error) => applyServerFieldErrors(error, setError, ['email', 'password']),
      },
    );
  });

  // The form stays mounted between openings of the dialog: once done, the next sign-in starts over.
  const step = secondStep ?? waiting;
  if (step)
    return (
      <SecondStepForm
        methods={step}
        onDone={() => {
          setSecondStep(null);
          onDone();
        }}
      />
    );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
      <Field id="signin-email" label="Email or username" error={errors.email?.message}>
        <Input
          type="text"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          {...fieldA11y('signin-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor="signin-password">Password</Label>
          <button
            type="button"
            onClick={onForgotPassword}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </button>
        </div>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldA11y('signin-password', errors.password?.message)}
          {...register('password')}
        />
        <FieldError id="signin-password" message={errors.password?.message} />
      </div>
      <CheckboxField id="signin-remember" label="Remember me" {...register('rememberMe')} />

      <FormAlert
        message={signIn.isError ? serverMessageOf(signIn.error) || SIGN_IN_FAILED_FALLBACK : undefined}
      />
      <RoleGate role={role} id={GATE_ID} />
      <Button
        type="submit"
        disabled={!role || signIn.isPending}
        aria-describedby={role ? undefined : GATE_ID}
      >
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </Button>

      <OrDivider label="or sign in with" />
      <SocialButtons
        disabled={!role}
        describedBy={GATE_ID}
        onSelect={(provider) => role && window.location.assign(socialStartUrl(provider, { role }))}
      />
    </form>
  );
}
