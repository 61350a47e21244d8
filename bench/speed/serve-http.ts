/** The support-desk example over Streamable HTTP on a free loopback port; prints its URL, stops on SIGTERM. */
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';

const server = await startSupportDeskHttp({ port: 0 });
console.log(server.url);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
