import { f7Scenario } from '../flip-7/scenario.js';
import { sfScenario } from '../stir-fry-eighteen/scenario.js';
import type { ScenarioAdapter } from './adapter.js';
import type { ScenarioAdapters } from './runner.js';

/** Every game the scenario runner knows, by its `game` name. */
export const SCENARIO_ADAPTERS: ScenarioAdapters = {
  'stir-fry-eighteen': sfScenario as ScenarioAdapter<unknown>,
  'flip-7': f7Scenario as ScenarioAdapter<unknown>,
};
