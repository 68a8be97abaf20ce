import { createContext, useContext } from 'react';

export interface ToastContent {
  title: string;
  description?: string;
}

export type ToastKind = 'success' | 'info' | 'error';

/** Shows a toast, replacing the one on screen (the specification's toaster shows one at a time). */
export type Toaster = Record<ToastKind, (content: ToastContent) => void>;

export const ToastContext = createContext<Toaster | null>(null);

/** The toaster of <ToastProvider> (app/providers.tsx): `toast.error({ title, description })`. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast() needs a <ToastProvider> above it');
  return toaster;
}
