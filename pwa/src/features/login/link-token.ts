import { useLocation } from '@tanstack/react-router';

/**
 * The token of an e-mailed link (?token=...), read from the raw query: the router's own search parsing would turn a
 * token of digits into a number, and a validateSearch would load with the home page, whose budget is spent.
 */
export function useLinkToken(): string | null {
  return useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('token') });
}
