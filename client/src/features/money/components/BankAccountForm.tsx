// The "Bank account" card of /settings (investors and traders): the verified account payouts go to,
// shown masked once verified, and the form that adds or replaces it — the holder pre-filled with the
// verified identity (expectedHolder), the IBAN grouped as typed, each refusal at its field. (The
// investor's balance and withdrawals are on /portfolio: CashAccountCard.) The form: react-hook-form
// with the domain's bank account form schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PublicUser } from '@domain/auth.ts';
import { bankAccountFormSchema, expectedHolder } from '@domain/cash-account.ts';
import { errorMessage } from '@domain/errors.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { gateMessage, VerificationLink } from '@/components/verification-gate.tsx';
import { shownError } from '@/features/accounts/index.ts';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { useCashAccount } from '../api/get-cash-account.ts';
import { useSetBankAccount } from '../api/set-bank-account.ts';
import { editIban } from '../iban-text.ts';

type FormSchema = ReturnType<typeof bankAccountFormSchema>;

export function BankAccountForm({ user }: { user: PublicUser }) {
  const account = useCashAccount();
  const [replacing, setReplacing] = useState(false);
  if (account.isPending) return <p className="text-sm text-muted-foreground">Loading your bank account…</p>;
  if (account.error || !account.data)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your bank account could not be loaded. Please try again later.
      </p>
    );
  const { bankAccount } = account.data;
  const blocked = gateMessage(user, errorMessage('BANK_ACCOUNT_NEEDS_KYC'));
  return (
    <div className="grid gap-5">
      {bankAccount && (
        <dl className="grid gap-3 rounded-md border p-3 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Account holder</dt>
            <dd className="font-medium break-words">{bankAccount.holderName}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">IBAN</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="font-mono break-all" data-testid="masked-iban">
                {bankAccount.ibanMasked}
              </span>
              <Badge tone="green">Verified</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Added</dt>
            <dd>{formatDate(bankAccount.createdAt)}</dd>
          </div>
        </dl>
      )}
      {blocked ? (
        <div className="grid justify-items-start gap-3 text-sm">
          <p>{blocked}</p>
          <VerificationLink user={user} />
        </div>
      ) : bankAccount && !replacing ? (
        <div>
          <Button variant="outline" onClick={() => setReplacing(true)}>
            Replace bank account
          </Button>
        </div>
      ) : (
        <AccountForm
          user={user}
          replacing={!!bankAccount}
          onDone={() => setReplacing(false)}
          onCancel={bankAccount ? () => setReplacing(false) : undefined}
        />
      )}
    </div>
  );
}

function AccountForm({
  user,
  replacing,
  onDone,
  onCancel,
}: {
  user: PublicUser;
  replacing: boolean;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const holder = expectedHolder(user);
  const schema = useMemo(() => bankAccountFormSchema(holder), [holder]);
  const save = useSetBankAccount();
  const ids = { holderName: 'bank-holder', iban: 'bank-iban' } as const;
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    resetField,
    formState: { errors: formErrors },
  } = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { holderName: holder, iban: '' },
    reValidateMode: 'onSubmit',
  });
  const errors = { holderName: formErrors.holderName?.message, iban: formErrors.iban?.message };

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      resetField('iban');
      onDone();
    } catch (error) {
      if (error instanceof ApiError)
        for (const [name, message] of Object.entries(error.fields))
          if (name === 'holderName' || name === 'iban') setError(name, { message });
    }
  });

  const failure = shownError(save.error);
  const fieldErrors = failure instanceof ApiError && Object.keys(failure.fields).length > 0;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Bank account" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={ids.holderName}
          label="Account holder"
          error={errors.holderName}
          hint={holder ? `As verified: ${holder}. Money is only paid to its owner.` : undefined}
        >
          <Input
            {...register('holderName', { onChange: () => clearErrors('holderName') })}
            {...fieldA11y(ids.holderName, errors.holderName, { hint: !!holder })}
            autoComplete="name"
            maxLength={140}
          />
        </Field>
        <Field id={ids.iban} label="IBAN" error={errors.iban} hint="e.g. DE89 3704 0044 0532 0130 00">
          <Controller
            control={control}
            name="iban"
            render={({ field }) => (
              <Input
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                {...fieldA11y(ids.iban, errors.iban, { hint: true })}
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                inputMode="text"
                value={field.value}
                onChange={(e) => {
                  // Grouped in fours as typed, the caret kept where it was.
                  const input = e.target;
                  const edit = editIban(input.value, input.selectionStart ?? input.value.length);
                  field.onChange(edit.value);
                  clearErrors('iban');
                  requestAnimationFrame(() => input.setSelectionRange(edit.caret, edit.caret));
                }}
              />
            )}
          />
        </Field>
      </div>
      <FormAlert
        message={failure && !fieldErrors ? (serverMessageOf(failure) ?? 'Please try again.') : undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Verifying…' : replacing ? 'Verify and replace' : 'Verify and save'}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
