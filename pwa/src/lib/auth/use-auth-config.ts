import { useEffect, useState } from 'react';
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import { getAuthConfig } from './app-config';

/** The server's modes, or null until known (or when neither the server nor an earlier visit can tell). */
export function useAuthConfig(): AuthConfig | null {
  const [config, setConfig] = useState<AuthConfig | null>(null);
  useEffect(() => {
    let current = true;
    getAuthConfig().then(
      (answer) => {
        if (current) setConfig(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return config;
}
