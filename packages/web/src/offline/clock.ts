// The offline table's clock is a shell's clock (packages/table/src/clock.ts): the system's in the
// Web Worker; a Node test gives a TestClock it moves itself.
export { type Clock as ShellClock, systemClock } from '@parlor/table';
