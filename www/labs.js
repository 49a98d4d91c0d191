// The page's labs, in tab order. A lab is one module under www/labs/ exporting its definition
// (name, Scenario section, declared fields, panels, figure interactions, studies' panels); the
// tabs, panels, file names, error placement and click routing all come from this list. A lab
// that is planned but not built yet is listed in PLANNED and shows as "coming soon".
import slots from './labs/slots.js';
import topogen from './labs/topogen.js';
import routing from './labs/routing.js';
import simulate from './labs/simulate.js';
import dualplane from './labs/dualplane.js';

export const LABS = [slots, topogen, routing, simulate, dualplane];

/** Labs to come (their issues are open): a tab each, marked "coming soon". */
export const PLANNED = [
  { label: 'OCS relay', about: 'A small optical circuit network beside a low-bisection electrical tree (paper 001)' },
  { label: 'CTC', about: 'Clustering and topology configuration of hybrid EPS/OCS networks (paper 003)' },
];
