// First: it configures zod before any schema is built (see the file).
import './app/bootstrap/zod-config';
// The design system's global styles, built from it with the app (see `appSystem`).
import 'virtual:chakra-global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { scheduleChatWidget } from './app/bootstrap/chat-widget';
import { configureAmplify, configureApi, startSessionReads } from './app/bootstrap/configure';
import { loadRuntimeConfig } from './app/bootstrap/runtime-config';
import { unregisterServiceWorkers } from './app/bootstrap/service-workers';
import { App } from './app/app';
import { ConfigErrorScreen } from './app/config-error-screen';
import { preloadFirstRoute } from './app/router/preloaded-routes';

// Start-up (spec 000 §9): drop old service workers, read the runtime config, configure Auth and the API
// client from it, start the first page's reads and code (a preloaded route), send a stored user's session
// reads, render, then load the live chat widget the config names (none: no widget) once the browser is
// idle. Nothing environment-specific is baked into the bundle.
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
  // Not waited for: its code is chunks of its own, which on a cold load would hold back the first paint
  // by their round trips; it runs as soon as they are in (on a warm load, before the first render).
  void preloadFirstRoute(window.location);
  await startSessionReads();
  root.render(
    <StrictMode>
      <App config={result.config} />
    </StrictMode>,
  );
  // After render() has queued the first render: the idle callback comes after it has been painted.
  scheduleChatWidget(result.config.chatWidget);
}

void start();
