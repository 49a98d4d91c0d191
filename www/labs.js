// The page's labs, in tab order. A lab is one module under www/labs/ exporting its definition
// (name, Scenario section, how its fields look, panels, figure interactions, studies' panels); the
// tabs, panels, file names, error placement and click routing all come from this list. A lab
// that is planned but not built yet is listed in PLANNED and shows as "coming soon".
import slots from './labs/slots.js';
import topogen from './labs/topogen.js';
import routing from './labs/routing.js';
import simulate from './labs/simulate.js';
import dualplane from './labs/dualplane.js';
import ocsRelay from './labs/ocs-relay.js';
import ctc from './labs/ctc.js';

/** @type {import('./types/page').LabView<any>[]} */
export const LABS = [slots, topogen, routing, simulate, dualplane, ocsRelay, ctc];

/** Labs to come (their issues are open): a tab each, marked "coming soon". */
export const PLANNED = [];
