// A confirmation that needs a reason (suspend a user, reject a KYC request): the reason is required
// and goes to the audit log (and, for a rejection, to the user).
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

export function ReasonDialog({
  open,
  title,
  description,
  confirm,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  busy: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = async () => {
    if (!reason.trim()) return setError('Reason is required');
    try {
      await onConfirm(reason);
    } catch {
      // The action's toast says why; the dialog stays open with the reason typed.
      return;
    }
    setReason('');
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <Field id="action-reason" label="Reason" error={error}>
          <Textarea
            value={reason}
            maxLength={1000}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            {...fieldA11y('action-reason', error)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={busy} onClick={() => void submit()}>
            {busy ? 'Saving…' : confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
