// Preloaded into the measured server by bench/load.mjs only (NODE_OPTIONS=--require): SIGUSR2
// runs a full garbage collection, so resident memory is compared without the garbage that V8
// has not collected yet. Nothing else in the server changes.
const v8 = require('node:v8');
const vm = require('node:vm');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('SIGUSR2', () => gc());
