// Toasts: one visible at a time (spec §2); a new toast replaces the current one.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(state: ToastState | null) {
  current = state;
  listeners.forEach((l) => l());
}

/** Shows a toast, replacing any toast on screen. */
export function toast(input: ToastInput): void {
  emit({ ...input, id: nextId++, open: true });
}

function dismiss(id: number) {
  if (current?.id === id) emit({ ...current, open: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const state = useSyncExternalStore(subscribe, () => current);
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {state && (
        <ToastPrimitive.Root
          key={state.id}
          open={state.open}
          onOpenChange={(open) => !open && dismiss(state.id)}
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
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
