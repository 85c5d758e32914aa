import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** Dates as the spec shows them: day/month/year (en-GB). */
export function formatDate(iso: string | undefined): string {
  if (!iso) return 'Not Provided';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Not Provided' : d.toLocaleDateString('en-GB');
}

export function formatDateTime(iso: string | undefined): string {
  if (!iso) return 'Not Provided';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Not Provided' : d.toLocaleString('en-GB');
}
