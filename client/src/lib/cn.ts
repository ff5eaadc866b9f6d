import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicts (tailwind-merge would, for 12 kB of the landing
 * page's JavaScript): a component's own classes and the ones a caller adds must not set the same CSS
 * property. Components offer a prop for what callers vary (Card tone, DialogContent width, Button size).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
