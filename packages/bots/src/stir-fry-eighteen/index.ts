export { sfBasicBot } from './basic.js';
export { sfExpertBot } from './expert.js';
export { SfBelief } from './belief.js';
