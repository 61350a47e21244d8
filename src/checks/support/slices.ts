/** The catalogue-wide loops of checks share one budget per turn of the event loop with every other long loop (core/slices.ts). */
export { Slices } from '../../core/slices.js';
