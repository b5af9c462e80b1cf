// One autocannon measurement with the CPU each server process (cluster workers included) and this
// load generator used during it, so figures compare CPU per request, not only requests a second.
import { measure } from './cannon.mjs';
import { cpuSeconds, processTree } from './processes.mjs';

/** @param {{ pid: number, origin: string }} server @param {Parameters<typeof measure>[1]} options */
export async function measureWithCpu(server, options) {
  const pids = processTree(server.pid);
  const before = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
  const clientBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await measure(server.origin, options);
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  // A process that ended during the run (a crashed worker) has no figure: counted as 0 here,
  // and the crash itself is reported by the caller.
  const perProcess = pids.map((pid) => ({
    pid,
    share: Math.max(0, ((cpuSeconds(pid) ?? before.get(pid) ?? 0) - (before.get(pid) ?? 0)) / wall),
  }));
  const client = process.cpuUsage(clientBefore);
  return {
    ...result,
    perProcess,
    serverCpu: perProcess.reduce((sum, p) => sum + p.share, 0),
    clientCpu: (client.user + client.system) / 1e6 / wall,
  };
}
