import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const DIALOG_WIDTHS = { default: 'max-w-lg', wide: 'max-w-2xl', wider: 'max-w-3xl' } as const;
export type DialogWidth = keyof typeof DIALOG_WIDTHS;

/**
 * The dialog box. Closing it returns focus to what opened it (WCAG 2.4.3): Radix does so only for a
 * DialogTrigger, and our dialogs open from state (a Login button, a table row's View …), so the
 * element focused when the dialog opened is remembered and focused again when it closes.
 */
export function DialogContent({
  className,
  width = 'default',
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { width?: DialogWidth }) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          // One column as wide as the dialog: a wide child (a table) scrolls in its own box on a phone
          // instead of widening the dialog (a grid's auto column grows to its widest child's content).
          'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] grid-cols-[minmax(0,1fr)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-xl',
          DIALOG_WIDTHS[width],
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Before Radix moves focus in: what has focus now is what opened the dialog.
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          opener.current = null;
          // Gone (e.g. Login, replaced once signed in): Radix's default applies.
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100">
          <X className="h-4 w-4" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

// Clear of the close button DialogContent draws in the top right corner.
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
