// The "Bank account" card of /settings (investors and traders): the verified account payouts go to,
// shown masked once verified, and the form that adds or replaces it — the holder pre-filled with the
// verified identity (expectedHolder), the IBAN grouped as typed, each refusal at its field. (The
// investor's balance and withdrawals are on /portfolio: CashAccountCard.)
import { useState, type FormEvent } from 'react';
import type { PublicUser } from '@domain/auth.ts';
import { bankAccountCreateSchema, expectedHolder, sameName } from '@domain/cash-account.ts';
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

type Errors = Partial<Record<'holderName' | 'iban', string>>;

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
  const [holderName, setHolderName] = useState(holder);
  const [iban, setIban] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSetBankAccount();
  const ids = { holderName: 'bank-holder', iban: 'bank-iban' } as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const parsed = bankAccountCreateSchema.safeParse({ holderName, iban });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
    // The server's rule, said before sending: money goes only to the verified identity's account.
    if (!found.holderName && holder && !sameName(holderName, holder))
      found.holderName = errorMessage('BANK_HOLDER_MISMATCH', { holder });
    setErrors(found);
    const first = (Object.keys(ids) as Array<keyof Errors>).find((f) => found[f]);
    if (first) return document.getElementById(ids[first])?.focus();
    try {
      await save.mutateAsync({ holderName, iban });
      setIban('');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields as Errors);
    }
  };

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
            {...fieldA11y(ids.holderName, errors.holderName, { hint: !!holder })}
            autoComplete="name"
            value={holderName}
            maxLength={140}
            onChange={(e) => {
              setHolderName(e.target.value);
              setErrors((x) => ({ ...x, holderName: undefined }));
            }}
          />
        </Field>
        <Field id={ids.iban} label="IBAN" error={errors.iban} hint="e.g. DE89 3704 0044 0532 0130 00">
          <Input
            {...fieldA11y(ids.iban, errors.iban, { hint: true })}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            inputMode="text"
            value={iban}
            onChange={(e) => {
              const input = e.target;
              const edit = editIban(input.value, input.selectionStart ?? input.value.length);
              setIban(edit.value);
              setErrors((x) => ({ ...x, iban: undefined }));
              requestAnimationFrame(() => input.setSelectionRange(edit.caret, edit.caret));
            }}
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
