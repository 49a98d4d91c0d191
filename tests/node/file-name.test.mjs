// Download names (issue 63, cause 5): a name is made of a lab's parts (its network, pattern,
// failures, …) and stays short whatever they are — a packed network from a file or a list of
// 1,000 failures made names of 574 and 4,040 characters — with only safe characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileName } from '../../www/exporting.js';

test('a download name keeps the usual parts as they are', () => {
  assert.equal(fileName(['topolab', 'slots', 'mesh:8x8', 'transpose'], 'svg'), 'topolab-slots-mesh-8x8-transpose.svg');
  assert.equal(fileName(['topolab', null, '', 'sim', 'torus:4x4'], 'csv'), 'topolab-sim-torus-4x4.csv');
});

test('a download name stays short with a packed network or a long failure list', () => {
  const packed = `graph:${'a1B2'.repeat(150)}`;
  const failures = Array.from({ length: 1000 }, (_, i) => i).join(',');
  const name = fileName(['topolab', 'topogen', packed, `fail-${failures}`, 'seed-7'], 'json');
  assert.ok(name.length <= 125, `${name.length} characters: ${name}`);
  assert.match(name, /^topolab-topogen-graph-a1B2/);
  assert.match(name, /^[A-Za-z0-9._-]+\.json$/);
  assert.ok(!name.includes('--') && !name.includes('-.json'), name);
});
