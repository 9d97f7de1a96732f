import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

// sleep lives in ./sleep: the API client (first download) must not pull tailwind-merge in.
export { sleep } from './sleep'
