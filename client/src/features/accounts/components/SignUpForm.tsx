// Sign up (spec §2, §4, §5): account fields, the company fields of the picked role, terms and — for
// investors — the risk disclosure. Choosing another role clears the fields that role does not have.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { signupSchema, type AuthProvider, type SignupInput } from '@domain/auth.ts';
import { BUYER_INDUSTRIES, type SignupRole } from '@domain/users.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  CheckboxField,
  errorId,
  Field,
  FieldError,
  fieldA11y,
  FormAlert,
} from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { socialStartUrl } from '../api/get-providers.ts';
import { useSignUp } from '../api/sign-up.ts';
import { BUYER_INDUSTRY_LABELS, companyFieldsOf, fieldsClearedByRole } from '../account-fields.ts';
import { SIGN_UP_FAILED_FALLBACK } from '../auth-messages.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { RoleGate } from './RolePicker.tsx';
import { OrDivider, SocialButtons } from './SocialButtons.tsx';

const GATE_ID = 'signup-role-gate';
const COMPANY_ERROR_ID = 'signup-company';

type Values = SignupInput;
const FIELDS: Path<Values>[] = [
  'username',
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'companyName',
  'registrationNumber',
  'buyerIndustry',
  'termsAccepted',
  'riskDisclosureAccepted',
];

const EMPTY = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  companyName: '',
  registrationNumber: '',
  buyerIndustry: '',
  termsAccepted: false,
  riskDisclosureAccepted: false,
} as const;

export function SignUpForm({ role, onDone }: { role: SignupRole | null; onDone: () => void }) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    trigger,
    getValues,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(signupSchema, undefined, { raw: true }),
    defaultValues: { ...EMPTY, role: role ?? undefined },
  });

  // The role lives in the dialog (both tabs share it); the form follows it and clears what the new
  // role does not have (spec §4).
  useEffect(() => {
    if (role) setValue('role', role);
    for (const field of fieldsClearedByRole(role)) setValue(field, '');
    if (role !== 'investor') setValue('riskDisclosureAccepted', false);
    // Messages about the previous role's fields no longer apply; the next submit checks again.
    clearErrors(['companyName', 'registrationNumber', 'buyerIndustry', 'riskDisclosureAccepted']);
  }, [role, setValue, clearErrors]);

  const onSubmit = handleSubmit((values) => {
    if (!role) return;
    signUp.mutate(
      { ...values, role },
      {
        onSuccess: () => {
          reset({ ...EMPTY, role });
          onDone();
        },
        onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
      },
    );
  });

  /** Social sign-up still needs the terms (and the investor's risk disclosure) accepted here. */
  const startSocial = async (provider: AuthProvider) => {
    if (!role) return;
    const needed: Path<Values>[] =
      role === 'investor' ? ['termsAccepted', 'riskDisclosureAccepted'] : ['termsAccepted'];
    if (!(await trigger(needed, { shouldFocus: true }))) return;
    const { termsAccepted, riskDisclosureAccepted } = getValues();
    window.location.assign(
      socialStartUrl(provider, {
        role,
        terms: termsAccepted,
        risk: role === 'investor' && riskDisclosureAccepted,
      }),
    );
  };

  const company = companyFieldsOf(role);
  const companyError = errors.companyName?.message;
  // The company rule (spec §5) is one message for the group; it marks every company control.
  const companyA11y = (id: string, own?: string) => ({
    id,
    'aria-invalid': own || companyError ? (true as const) : undefined,
    'aria-describedby':
      [own && errorId(id), companyError && errorId(COMPANY_ERROR_ID)].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="signup-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            autoComplete="given-name"
            {...fieldA11y('signup-first-name', errors.firstName?.message)}
            {...register('firstName')}
          />
        </Field>
        <Field id="signup-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            autoComplete="family-name"
            {...fieldA11y('signup-last-name', errors.lastName?.message)}
            {...register('lastName')}
          />
        </Field>
      </div>
      <Field
        id="signup-username"
        label="Username"
        error={errors.username?.message}
        hint="3-30 characters: letters, digits, dot, dash or underscore"
      >
        <Input
          autoComplete="username"
          spellCheck={false}
          {...fieldA11y('signup-username', errors.username?.message, { hint: true })}
          {...register('username')}
        />
      </Field>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          spellCheck={false}
          {...fieldA11y('signup-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="signup-password"
          label="Password"
          error={errors.password?.message}
          hint="At least 8 characters"
        >
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11y('signup-password', errors.password?.message, { hint: true })}
            {...register('password')}
          />
        </Field>
        <Field id="signup-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11y('signup-confirm-password', errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
        </Field>
      </div>

      {company.length > 0 && (
        <fieldset className="grid gap-4 rounded-lg border p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">Company</legend>
          <Field id="signup-company-name" label="Company name">
            <Input
              autoComplete="organization"
              {...companyA11y('signup-company-name')}
              {...register('companyName')}
            />
          </Field>
          {company.includes('registrationNumber') && (
            <Field
              id="signup-registration-number"
              label="Registration number"
              error={errors.registrationNumber?.message}
            >
              <Input
                spellCheck={false}
                {...companyA11y('signup-registration-number', errors.registrationNumber?.message)}
                {...register('registrationNumber')}
              />
            </Field>
          )}
          {company.includes('buyerIndustry') && (
            <Field id="signup-industry" label="Industry" error={errors.buyerIndustry?.message}>
              <NativeSelect
                {...companyA11y('signup-industry', errors.buyerIndustry?.message)}
                {...register('buyerIndustry')}
              >
                <option value="">Select an industry</option>
                {BUYER_INDUSTRIES.map((industry) => (
                  <option key={industry} value={industry}>
                    {BUYER_INDUSTRY_LABELS[industry]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
          <FieldError id={COMPANY_ERROR_ID} message={companyError} className="sm:col-span-2" />
        </fieldset>
      )}

      <div className="grid gap-3">
        <CheckboxField
          id="signup-terms"
          error={errors.termsAccepted?.message}
          label={
            <>
              I accept the{' '}
              <a
                href="/terms"
                target="_blank"
                rel="noopener"
                className="font-medium text-primary underline underline-offset-4"
              >
                terms and conditions
              </a>
            </>
          }
          {...register('termsAccepted')}
        />
        {role === 'investor' && (
          <CheckboxField
            id="signup-risk"
            error={errors.riskDisclosureAccepted?.message}
            label={
              <>
                I understand that investing in trade campaigns carries risk, including the loss of the money I
                invest, and I have read the{' '}
                <a
                  href="/terms#risk"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-primary underline underline-offset-4"
                >
                  risk disclosure
                </a>
              </>
            }
            {...register('riskDisclosureAccepted')}
          />
        )}
      </div>

      <FormAlert
        message={signUp.isError ? serverMessageOf(signUp.error) || SIGN_UP_FAILED_FALLBACK : undefined}
      />
      <RoleGate role={role} id={GATE_ID} />
      <Button
        type="submit"
        disabled={!role || signUp.isPending}
        aria-describedby={role ? undefined : GATE_ID}
      >
        {signUp.isPending ? 'Creating account…' : 'Create Account'}
      </Button>

      <OrDivider label="or sign up with" />
      <SocialButtons disabled={!role} describedBy={GATE_ID} onSelect={(p) => void startSocial(p)} />

      <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
        After sign-up we email you a link to verify your address, and you complete identity (KYC) verification
        before investing, trading or buying. Our KYC review takes 1-3 business days.
      </p>
    </form>
  );
}
