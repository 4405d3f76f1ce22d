import { boot } from './boot';

const container = document.getElementById('root');
if (container) void boot(container);
