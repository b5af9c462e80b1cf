// Jest's order of the test files, longest first. Jest orders them by the durations it cached on
// the last run, and without them (a fresh clone, as CI) by file size, which put the longest files
// (the million-number search, the browser sweeps) late and left one worker running alone at the
// end. jest.durations.json holds each slow file's seconds from a measured run (bench/README.md,
// issue 62): those files go first, longest first; the rest follow in jest's own order.
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');
const durations = require('./jest.durations.json');

class LongestFirst extends Sequencer {
  sort(tests) {
    const seconds = (test) => durations[path.relative(__dirname, test.path).split(path.sep).join('/')] ?? 0;
    // Array.prototype.sort is stable: files of the same weight keep jest's order.
    return [...super.sort(tests)].sort((a, b) => seconds(b) - seconds(a));
  }
}

module.exports = LongestFirst;
