// The server's clock is a shell's clock (packages/table/src/clock.ts): every game time it reads or
// arms — move timers, response windows, bots' thinking, grace periods, the idle sweep — goes
// through the one given to startServer.
export { type Clock, TestClock, systemClock } from '@parlor/table';
