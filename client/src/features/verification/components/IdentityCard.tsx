// The verified identity on /verification: the legal name (and company) an approval vouches for; while
// it is locked, the form that asks to change it (KYC goes back to review); a change in review, or the
// reason a change was declined.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { PublicUser } from '@domain/auth.ts';
import {
  IDENTITY_FIELD_LABELS,
  identityChangeCreateSchema,
  identityFieldsOf,
  isIdentityLocked,
  type IdentityChangeCreate,
  type IdentityField,
} from '@domain/identity.ts';
import type { Verification } from '@domain/kyc.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { useRequestIdentityChange } from '../api/request-identity-change.ts';

const describe = (values: Partial<Record<IdentityField, string | null>>, fields: IdentityField[]) =>
  fields
    .map((f) => values[f])
    .filter(Boolean)
    .join(', ');

function ChangeForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const fields = identityFieldsOf(user.role);
  const change = useRequestIdentityChange();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<IdentityChangeCreate>({
    resolver: zodResolver(identityChangeCreateSchema),
    defaultValues: Object.fromEntries(fields.map((f) => [f, user[f] ?? ''])),
  });
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: onDone,
      onError: (error) => applyServerFieldErrors(error, setError, fields as Path<IdentityChangeCreate>[]),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change your verified identity" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => (
          <Field key={f} id={`identity-${f}`} label={IDENTITY_FIELD_LABELS[f]} error={errors[f]?.message}>
            <Input {...fieldA11y(`identity-${f}`, errors[f]?.message)} {...register(f)} />
          </Field>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        Your verification goes back to review: investing, trading and ordering close until our compliance team
        approves the new details. Send documents that show them if we ask.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Sending…' : 'Send for review'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function IdentityCard({ user, verification }: { user: PublicUser; verification: Verification }) {
  const [changing, setChanging] = useState(false);
  const fields = identityFieldsOf(user.role);
  const change = verification.identityChange;
  const inReview = change?.status === 'pending';
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Your verified identity</h2>
        <CardDescription>
          {isIdentityLocked(user.kycStatus)
            ? 'Locked once verified: a change is reviewed again before money moves.'
            : 'Edit it on your profile until it is verified.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-2 sm:grid-cols-2">
          {fields.map((f) => (
            <div key={f}>
              <dt className="text-muted-foreground">{IDENTITY_FIELD_LABELS[f]}</dt>
              <dd className="font-medium">{user[f] || '—'}</dd>
            </div>
          ))}
        </dl>
        {inReview && (
          <p role="status" className="rounded-md border border-amber-300 p-3">
            Change in review: {describe(change, fields)}. Your verified details above stay until it is
            approved.
          </p>
        )}
        {change?.status === 'rejected' && !changing && (
          <div role="note" className="rounded-md border border-destructive/40 p-3">
            <p className="font-medium">Your change to {describe(change, fields)} was declined</p>
            <p className="mt-1">{change.reason}</p>
          </div>
        )}
        {user.kycStatus === 'approved' &&
          !inReview &&
          (changing ? (
            <ChangeForm user={user} onDone={() => setChanging(false)} />
          ) : (
            <div>
              <Button variant="outline" onClick={() => setChanging(true)}>
                Change name or company
              </Button>
            </div>
          ))}
      </CardContent>
    </Card>
  );
}
