// The toast view (Radix); the store is toast-store.ts. App loads this lazily, with the first toast.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn.ts';
import { currentToast, dismissToast, subscribeToasts } from './toast-store.ts';

export function Toaster() {
  const state = useSyncExternalStore(subscribeToasts, currentToast);
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {state && (
        <ToastPrimitive.Root
          key={state.id}
          open={state.open}
          onOpenChange={(open) => !open && dismissToast(state.id)}
          className={cn(
            'grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border p-4 pr-3 shadow-lg',
            state.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-card text-card-foreground',
          )}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">{state.title}</ToastPrimitive.Title>
          <ToastPrimitive.Close className="row-span-2 rounded-sm opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
            <span className="sr-only">Dismiss</span>
          </ToastPrimitive.Close>
          {state.description && (
            <ToastPrimitive.Description className="text-sm opacity-90">
              {state.description}
            </ToastPrimitive.Description>
          )}
          {state.link && (
            <ToastPrimitive.Action asChild altText={state.link.label}>
              <Link href={state.link.href} className="mt-2 text-sm font-medium underline underline-offset-4">
                {state.link.label}
              </Link>
            </ToastPrimitive.Action>
          )}
        </ToastPrimitive.Root>
      )}
      {/* Top on phones, where a dialog's submit button sits at the bottom, but below the top bar (4 rem)
          and so below a tall dialog's close button too (5vh + 1 rem down); bottom right from sm up. */}
      <ToastPrimitive.Viewport className="fixed top-16 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0" />
    </ToastPrimitive.Provider>
  );
}
