import type { GameLearn } from '../web-game.js';
import { F7_HOW_TO_PLAY } from './how-to-play.js';
import { F7_LESSON } from './lesson.js';
import './learn.css';

/** What the /learn pages show of Flip 7: its "How to play" and its guided first game (a chunk of its own). */
export const F7_LEARN: GameLearn = { howToPlay: F7_HOW_TO_PLAY, lesson: F7_LESSON };
