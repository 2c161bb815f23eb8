/**
 * Short messages in the shell's toast area. Each leaves by itself after three seconds
 * (spec section 9) or when dismissed.
 */
import { createExternalStore, useExternalStore } from './external-store';

export type ToastType = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

export const TOAST_LIFETIME_MS = 3000;

const store = createExternalStore<readonly Toast[]>([]);
let nextId = 1;

function show(type: ToastType, message: string): number {
  const id = nextId++;
  store.set([...store.get(), { id, type, message }]);
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
  return id;
}

export function dismissToast(id: number): void {
  store.set(store.get().filter((toast) => toast.id !== id));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

export function useToasts(): readonly Toast[] {
  return useExternalStore(store);
}
