import fc from 'fast-check';

/**
 * Every property test draws from one fixed seed, so a run of the suite is the same run each time
 * (a failure is a failure of the code, found again by running again). PARLOR_FC_SEED picks another
 * seed to explore further, for example `PARLOR_FC_SEED=$RANDOM npm test`; a failure prints the seed
 * and path that reproduce it.
 */
const raw = process.env.PARLOR_FC_SEED;
const seed = raw === undefined || raw === '' ? 20_261_201 : Number(raw);
if (!Number.isSafeInteger(seed)) throw new Error(`PARLOR_FC_SEED must be an integer, not ${JSON.stringify(raw)}`);
fc.configureGlobal({ seed });
