/** `check -- <command>` starts the server's own process while the CLI loads its checks (see target/head-start.ts). */
export { startAhead } from './target/head-start.js';
