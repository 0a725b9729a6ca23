import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureAmplify, configureApi, startSessionReads } from './app/bootstrap/configure';
import { loadRuntimeConfig } from './app/bootstrap/runtime-config';
import { unregisterServiceWorkers } from './app/bootstrap/service-workers';
import { App } from './app/app';
import { ConfigErrorScreen } from './app/config-error-screen';

// Start-up (spec 000 §9): drop old service workers, read the runtime config, configure Auth and the API
// client from it, then render. The live chat widget of §9 is not loaded: the runtime config schema has
// no widget URL, and nothing environment-specific is baked into the bundle.
async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  const root = createRoot(rootElement);
  void unregisterServiceWorkers();
  const result = await loadRuntimeConfig();
  if (!result.ok) {
    console.error(result.message);
    root.render(<ConfigErrorScreen message={result.message} />);
    return;
  }
  configureAmplify(result.config);
  configureApi(result.config);
  startSessionReads();
  root.render(
    <StrictMode>
      <App config={result.config} />
    </StrictMode>,
  );
}

void start();
