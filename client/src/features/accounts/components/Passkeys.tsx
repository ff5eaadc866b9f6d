// The account's passkeys (name, when added and last used) with Remove, and the form that adds one.
import { useState, type FormEvent } from 'react';
import type { TwoFactorStatus } from '@domain/two-factor.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { useAddPasskey, useRemovePasskey } from '../api/passkeys.ts';
import { shownError } from '../step-up.tsx';

const NOT_CREATED = 'No passkey was added: your device did not create one. Please try again.';

/** A failure the user should read: the server's words, or ours for a cancelled browser prompt. */
const failureText = (error: unknown, fallback: string) => {
  const shown = shownError(error);
  return shown ? (serverMessageOf(shown) ?? fallback) : undefined;
};

export function Passkeys({
  status,
  onRecoveryCodes,
}: {
  status: TwoFactorStatus;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: ({ recoveryCodes }) => {
        setName('');
        if (recoveryCodes) onRecoveryCodes(recoveryCodes);
      },
    });
  };

  return (
    <div className="grid gap-3">
      {status.passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="grid gap-2">
          {status.passkeys.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{key.name}</p>
                <p className="text-muted-foreground">
                  Added {formatDate(key.createdAt)}
                  {key.lastUsedAt && ` · last used ${formatDate(key.lastUsedAt)}`}
                </p>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove passkey ${key.name}`}
                onClick={() => remove.mutate(key.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No passkeys yet.</p>
      )}
      <FormAlert message={failureText(remove.error, 'The passkey was not removed. Please try again.')} />
      {supported ? (
        <form
          noValidate
          aria-label="Add a passkey"
          onSubmit={submit}
          className="flex flex-wrap items-end gap-2"
        >
          <Field id="passkey-name" label="Passkey name (optional)" className="min-w-0 flex-1 sm:max-w-xs">
            <Input
              maxLength={60}
              placeholder="e.g. Work laptop"
              value={name}
              onChange={(e) => setName(e.target.value)}
              {...fieldA11y('passkey-name')}
            />
          </Field>
          <Button type="submit" variant="outline" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>
      )}
      <FormAlert message={failureText(add.error, NOT_CREATED)} />
    </div>
  );
}
