// Starts reading the runtime config while the app's code downloads: index.html runs this (deferred, so
// before the app's module, which takes the reply in `loadRuntimeConfig`). A file, not an inline script:
// the Content-Security-Policy allows scripts from this origin only. Served and deployed uncached, like
// index.html, since it has no content hash in its name.
window.__bidgridRuntimeConfig = fetch('/runtime-config.json', {
  cache: 'no-store',
  headers: { Accept: 'application/json' },
});
