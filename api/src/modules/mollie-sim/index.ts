/** The Mollie simulator the payments module talks to when no real PSP is configured. The module's public face. */
export { SIM_PREFIX, mollieSimOf, registerMollieSim } from './routes';
// for tests that drive a checkout or a PSP-side change by hand
export { finishCheckout } from './service';
export { getObject, patchObject } from './store';
