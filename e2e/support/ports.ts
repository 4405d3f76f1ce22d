/**
 * Free-port lookup that works synchronously (the Playwright config is evaluated synchronously, once
 * in the runner and again in every worker; the runner picks the ports once and passes them on
 * through process.env, which the workers inherit).
 */
import { execFileSync } from 'node:child_process';

const FIND_PORTS = `
const net = require('node:net');
const n = Number(process.argv[1]);
const servers = [];
let done = 0;
for (let i = 0; i < n; i++) {
  const s = net.createServer();
  servers.push(s);
  s.listen(0, '127.0.0.1', () => {
    if (++done === n) {
      const ports = servers.map((x) => x.address().port);
      servers.forEach((x) => x.close());
      process.stdout.write(ports.join(','));
    }
  });
}`;

/** Returns `count` distinct TCP ports that were free on 127.0.0.1 a moment ago. */
export function findFreePortsSync(count: number): number[] {
  const out = execFileSync(process.execPath, ['-e', FIND_PORTS, String(count)], { encoding: 'utf8' });
  return out.split(',').map((p) => Number(p));
}
