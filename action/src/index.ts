// Entry point of the bundle that action.yml runs.
import { run } from './run.ts';

void run();
