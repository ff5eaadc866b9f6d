// The step-up dialog: "Confirm it is you" with a code from the authenticator app (or a recovery code),
// or the passkey, whichever the account has. A proof lets this session go on for 5 minutes.
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useTwoFactorStatus } from '../api/get-status.ts';
import { useStepUpProof } from '../api/step-up.ts';

const PASSKEY_FAILED = 'Your passkey was not used. Try again, or enter a code.';
const MISSING = 'Enter the code from your authenticator app, or a recovery code';

export default function StepUpDialog({
  open,
  onProven,
  onCancel,
}: {
  open: boolean;
  onProven: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm it is you</DialogTitle>
          <DialogDescription>
            This change needs your second factor. Once confirmed, you will not be asked again for 5 minutes.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each request starts with an empty code. */}
        {open && <StepUpForm onProven={onProven} onCancel={onCancel} />}
      </DialogContent>
    </Dialog>
  );
}

function StepUpForm({ onProven, onCancel }: { onProven: () => void; onCancel: () => void }) {
  const status = useTwoFactorStatus();
  const proof = useStepUpProof();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  // Recovery codes are accepted wherever a code is: the field shows whenever either exists.
  const hasCodes = !status.data || status.data.totp || status.data.recoveryCodesLeft > 0;
  const hasPasskey = !!status.data?.passkeys.length;
  const error = proof.isError
    ? serverMessageOf(proof.error) ||
      (proof.variables && 'passkey' in proof.variables ? PASSKEY_FAILED : 'Please try again.')
    : undefined;

  return (
    <form
      noValidate
      aria-label="Confirm it is you"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim()) return setMissing(true);
        setMissing(false);
        proof.mutate({ code: code.trim() }, { onSuccess: onProven });
      }}
    >
      {hasCodes && (
        <Field
          id="step-up-code"
          label="Authentication code"
          error={missing ? MISSING : undefined}
          hint="The 6-digit code your authenticator app shows now, or one of your recovery codes"
        >
          <Input
            type="text"
            autoComplete="one-time-code"
            spellCheck={false}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            {...fieldA11y('step-up-code', missing ? MISSING : undefined, { hint: true })}
          />
        </Field>
      )}
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2">
        {hasCodes && (
          <Button type="submit" disabled={proof.isPending}>
            {proof.isPending ? 'Confirming…' : 'Confirm'}
          </Button>
        )}
        {hasPasskey && (
          <Button
            type="button"
            variant={hasCodes ? 'outline' : 'default'}
            disabled={proof.isPending}
            onClick={() => proof.mutate({ passkey: true }, { onSuccess: onProven })}
          >
            Use your passkey
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onCancel} disabled={proof.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
