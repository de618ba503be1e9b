// Imported for its effect: installs re2js as the engine of outside patterns (outside-pattern.ts says
// why it is installed rather than imported there). The simulator and the tests import it at start;
// the knobs screen once its form is drawn.
import { RE2JS } from 're2js';
import { setPatternEngine } from './outside-pattern';

setPatternEngine(RE2JS);
