// Edit own name, phone, country and the company fields of the user's role (profileUpdateSchema).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { profileUpdateSchema, type PublicUser } from '@domain/auth.ts';
import { isIdentityLocked } from '@domain/identity.ts';
import { Link } from 'wouter';
import { BUYER_INDUSTRIES, COUNTRIES } from '@domain/users.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useUpdateProfile, type ProfileUpdateInput } from '../api/update-profile.ts';
import { BUYER_INDUSTRY_LABELS, companyFieldsOf, countryName } from '../account-fields.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';

type Values = ProfileUpdateInput;

/** The form's values for a user: only the fields their role has (null shown as empty). */
function valuesOf(user: PublicUser): Values {
  const values: Values = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    country: (user.country ?? '') as Values['country'],
  };
  for (const field of companyFieldsOf(user.role)) {
    (values as Record<string, string>)[field] = user[field] ?? '';
  }
  return values;
}

const FIELDS: Path<Values>[] = [
  'firstName',
  'lastName',
  'phone',
  'country',
  'companyName',
  'registrationNumber',
  'buyerIndustry',
];

export function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(profileUpdateSchema, undefined, { raw: true }),
    defaultValues: valuesOf(user),
  });
  const company = companyFieldsOf(user.role);
  const err = (name: keyof Values) => errors[name]?.message;
  // The verified legal name and company are changed by request on /verification (domain/identity.ts).
  const locked = isIdentityLocked(user.kycStatus);

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => reset(valuesOf(saved)),
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Profile details" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-first-name" label="First name" error={err('firstName')}>
          <Input
            autoComplete="given-name"
            readOnly={locked}
            {...fieldA11y('profile-first-name', err('firstName'))}
            {...register('firstName')}
          />
        </Field>
        <Field id="profile-last-name" label="Last name" error={err('lastName')}>
          <Input
            autoComplete="family-name"
            readOnly={locked}
            {...fieldA11y('profile-last-name', err('lastName'))}
            {...register('lastName')}
          />
        </Field>
        <Field id="profile-phone" label="Phone" error={err('phone')}>
          <Input
            type="tel"
            autoComplete="tel"
            {...fieldA11y('profile-phone', err('phone'))}
            {...register('phone')}
          />
        </Field>
        <Field id="profile-country" label="Country" error={err('country')}>
          <NativeSelect {...fieldA11y('profile-country', err('country'))} {...register('country')}>
            <option value="">Not set</option>
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {company.includes('companyName') && (
          <Field id="profile-company-name" label="Company name" error={err('companyName')}>
            <Input
              autoComplete="organization"
              readOnly={locked}
              {...fieldA11y('profile-company-name', err('companyName'))}
              {...register('companyName')}
            />
          </Field>
        )}
        {company.includes('registrationNumber') && (
          <Field
            id="profile-registration-number"
            label="Registration number"
            error={err('registrationNumber')}
          >
            <Input
              spellCheck={false}
              readOnly={locked}
              {...fieldA11y('profile-registration-number', err('registrationNumber'))}
              {...register('registrationNumber')}
            />
          </Field>
        )}
        {company.includes('buyerIndustry') && (
          <Field id="profile-industry" label="Industry" error={err('buyerIndustry')}>
            <NativeSelect
              {...fieldA11y('profile-industry', err('buyerIndustry'))}
              {...register('buyerIndustry')}
            >
              <option value="">Not set</option>
              {BUYER_INDUSTRIES.map((industry) => (
                <option key={industry} value={industry}>
                  {BUYER_INDUSTRY_LABELS[industry]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      </div>
      {locked && (
        <p className="text-sm text-muted-foreground">
          Your name{company.includes('companyName') ? ' and company are' : ' is'} verified: change{' '}
          {company.includes('companyName') ? 'them' : 'it'} on the{' '}
          <Link href="/verification" className="text-primary underline underline-offset-4">
            Verification page
          </Link>
          .
        </p>
      )}
      <FormAlert
        message={
          update.isError
            ? serverMessageOf(update.error) || 'Your changes were not saved. Please try again.'
            : undefined
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!isDirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        {isDirty && (
          <Button variant="ghost" onClick={() => reset()}>
            Discard changes
          </Button>
        )}
      </div>
    </form>
  );
}
