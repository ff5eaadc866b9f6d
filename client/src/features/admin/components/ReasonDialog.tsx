// A confirmation that needs a reason (suspend a user, reject a KYC request): the reason is required
// and goes to the audit log (and, for a rejection, to the user). react-hook-form with the domain's
// reason schema.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { reasonSchema, type ReasonInput } from '@domain/admin.ts';
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
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<ReasonInput>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
  });
  const error = errors.reason?.message;
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
    } catch {
      // The action's toast says why; the dialog stays open with the reason typed.
      return;
    }
    reset();
    onClose();
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <Field id="action-reason" label="Reason" error={error}>
            <Textarea
              maxLength={1000}
              {...register('reason', { onChange: () => clearErrors('reason') })}
              {...fieldA11y('action-reason', error)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Saving…' : confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
