import { describeFaults } from '../support/fault-cases.js';

/** MRTR, logging, subscriptions/listen, Tasks and capability faults of the flows fixture, over both transports. */
describeFaults('flows');
