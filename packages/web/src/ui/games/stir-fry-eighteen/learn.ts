import type { GameLearn } from '../web-game.js';
import { SF_HOW_TO_PLAY } from './how-to-play.js';
import { SF_LESSON } from './lesson.js';
import './learn.css';

/** What the /learn pages show of Stir Fry Eighteen: its "How to play" and its guided first game (a chunk of its own). */
export const SF_LEARN: GameLearn = { howToPlay: SF_HOW_TO_PLAY, lesson: SF_LESSON };
