// A confirmation for an admin action that moves money (approve a settlement, confirm a release, mark a
// bank transfer received): what will happen, in words and figures, then Cancel or the action. It stays
// open if the action is refused (the toast says why).
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';

export function ConfirmDialog({
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
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const submit = async () => {
    try {
      await onConfirm();
    } catch {
      return;
    }
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={() => void submit()}>
            {busy ? 'Saving…' : confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
