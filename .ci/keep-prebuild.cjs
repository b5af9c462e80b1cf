// better-sqlite3 compiled once per version on a machine, not once per clean clone. Its install script
// (`prebuild-install || node-gyp rebuild`) looks for a prebuilt binary in npm's cache folder
// (`_prebuilds`) before it downloads one from GitHub, which this machine cannot reach, and then
// compiles from source: about a minute of one core on every clean clone (bench/README.md, issue 62).
// Once compiled, the binary is kept there, under the very name prebuild-install looks for (its own
// rc and util make it), as a tarball of the package's build/Release/better_sqlite3.node, as a prebuilt one is:
// the next `npm rebuild` on this machine unpacks it. Hand-written: no kept library keeps a compiled
// addon for prebuild-install's cache. Run by .ci/run after a successful `npm rebuild`; a failure here
// only means the next clone compiles again.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const dir = path.resolve(__dirname, '..', 'node_modules', 'better-sqlite3');
const from = (name) => require(require.resolve(name, { paths: [dir] }));
const pkg = require(path.join(dir, 'package.json'));
const util = from('prebuild-install/util');
const rc = from('prebuild-install/rc')(pkg);
const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
const binary = path.join('build', 'Release', 'better_sqlite3.node');

if (fs.existsSync(cached)) {
  console.log(`better-sqlite3's binary is kept already: ${cached}`);
} else if (fs.existsSync(path.join(dir, binary))) {
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  // Written whole, then renamed: a clone installing meanwhile never unpacks half a file.
  const partial = `${cached}.${process.pid}.tmp`;
  execFileSync('tar', ['-czf', partial, '-C', dir, binary]);
  fs.renameSync(partial, cached);
  console.log(`better-sqlite3's binary kept for the next clean clone: ${cached}`);
}
