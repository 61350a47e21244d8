import { hostileSuite } from './hostile-cases.js';

hostileSuite('http');
