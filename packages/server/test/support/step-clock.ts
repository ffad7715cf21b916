import { TestClock } from '../../src/index.js';

/**
 * A paused TestClock that the table driver moves to each timer in turn (`nextDue`), so that a test
 * can read each delay off the clock (a bot's thinking time, a retry's backoff).
 */
export class StepClock extends TestClock {}
