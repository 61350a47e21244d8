/** `check -- <command>` starts the server's first copies while the CLI loads its checks (see target/head-start.ts). */
export { startAhead } from './target/head-start.js';
