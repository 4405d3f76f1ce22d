// first: no schema may be made before zod is told not to compile (the page's CSP has no 'unsafe-eval')
import '@dating/shared-kit/no-eval';
import { boot } from './boot';

const container = document.getElementById('root');
if (container) void boot(container);
