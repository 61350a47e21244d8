import { describeFaults } from '../support/fault-cases.js';

/**
 * Every check has a broken fixture that trips it: each fault of the flawed server makes exactly the checks that declare
 * it (`trippedBy`) fail (MUST) or warn (SHOULD), and leaves every other check alone. A quarter of the table per file.
 */
describeFaults('flawed-server', { shard: [1, 4] });
