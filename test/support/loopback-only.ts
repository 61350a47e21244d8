/**
 * Preloaded (`node --import`) into third-party servers that listen on every interface: binds them to 127.0.0.1
 * only, so tests never open a port beyond this machine.
 */
import net from 'node:net';

// Kept unbound on purpose: the wrapper below calls it with the server as `this`.
// eslint-disable-next-line @typescript-eslint/unbound-method
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
  const [first, second] = args;
  if ((typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) && typeof second !== 'string') args.splice(1, 0, '127.0.0.1');
  else if (first && typeof first === 'object' && !('path' in first) && !(first as { host?: string }).host) args[0] = { ...first, host: '127.0.0.1' };
  return (listen as (...a: unknown[]) => net.Server).apply(this, args);
} as typeof listen;
