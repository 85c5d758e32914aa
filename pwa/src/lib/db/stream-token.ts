// The pull stream is an EventSource, which cannot send an Authorization header: the server takes the token as
// `?token=` instead, read from the same token source every API call uses (it refreshes a token about to expire).
import { currentToken } from '@/lib/api-client';

export function streamToken(): Promise<string | null> {
  return currentToken();
}
