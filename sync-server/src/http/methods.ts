/** The methods that change nothing and carry no body (no write to nudge, no body to limit, no account changed). */
export const readsOnly = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
