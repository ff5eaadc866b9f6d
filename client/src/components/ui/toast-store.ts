// The toast store: one toast at a time (spec §2); a new toast replaces the current one. Kept apart
// from the Radix view (toast.tsx), which App loads only when the first toast is raised.
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A link to where the user can act on it (e.g. the Verification page after a KYC refusal). */
  link?: { label: string; href: string };
}

export interface ToastState extends ToastInput {
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

export function dismissToast(id: number) {
  if (current?.id === id) emit({ ...current, open: false });
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen (or closing), for the view. */
export function currentToast(): ToastState | null {
  return current;
}
