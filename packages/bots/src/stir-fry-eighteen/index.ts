export { sfBasicBot } from './basic.js';
export { sfExpertBot } from './expert.js';
export { SfBelief } from './belief.js';
export { SF_COACH, type SfCoachKind } from './coach.js';
