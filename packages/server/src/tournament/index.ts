/** The pure core of tournaments: points, pairing, standings and the director over plain data (no I/O, no clock). */
export * from './arena-pairing.js';
export * from './director.js';
export * from './group-tables.js';
export * from './points.js';
export * from './standings.js';
export * from './swiss-pairing.js';
export * from './swiss-points.js';
export * from './table-sizes.js';
