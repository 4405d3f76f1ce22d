/*
 * Federation runtime plugin bundled into every remote's remoteEntry.js (see webpack-config.cjs).
 * When the remote's entry has loaded it marks the page with the remote's build id:
 *   <meta name="mf-build:<name>" content="<build id>">  and  <html data-mf-build-<name>="<build id>">
 * so operators and the e2e tests can see which version of each remote is running.
 * __MF_NAME__ and __BUILD_ID__ are replaced at build time (DefinePlugin).
 */
/* global __MF_NAME__, __BUILD_ID__ */
export default function buildMarkPlugin() {
  if (typeof document !== 'undefined') {
    const name = __MF_NAME__;
    const buildId = __BUILD_ID__;
    const metaName = `mf-build:${name}`;
    let meta = document.head.querySelector(`meta[name="${metaName}"]`);
    if (!meta) {
      meta = document.createElement('meta');
      meta.setAttribute('name', metaName);
      document.head.appendChild(meta);
    }
    meta.setAttribute('content', buildId);
    document.documentElement.setAttribute(`data-mf-build-${name.replace(/_/g, '-')}`, buildId);
  }
  return { name: `build-mark:${__MF_NAME__}` };
}
