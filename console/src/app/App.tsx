import { useEffect, useState } from 'react';

interface Health {
  status: string;
  profile: string;
}

/** The console's entry page until the shell and its screens land: shows that the platform behind it is alive. */
export function App() {
  const [health, setHealth] = useState<Health | 'unreachable' | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    fetch('/health', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Health>) : Promise.reject(new Error())))
      .then(setHealth)
      .catch(() => controller.signal.aborted || setHealth('unreachable'));
    return () => controller.abort();
  }, []);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Network quality</h1>
      <p>Measurement and monitoring platform console.</p>
      <p data-testid="platform-status">
        {health === undefined && 'Checking the platform…'}
        {health === 'unreachable' && 'The platform is not answering.'}
        {typeof health === 'object' && `Platform ${health.status} (${health.profile} profile)`}
      </p>
      <p>
        <a href="/docs">API documentation</a>
      </p>
    </main>
  );
}
