/**
 * One readable line for a server that cannot listen (the site's port, the metrics port), naming
 * the settings that fix it; the boot then ends with it instead of a stack.
 */
export function listenFailure(error: Error, host: string, port: number, settings: { port: string; host: string }): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE')
    return `Cannot listen on ${where}: the port is already in use (set ${settings.port} to another port or stop the other process).`;
  if (code === 'EACCES') return `Cannot listen on ${where}: permission denied (ports below 1024 need privileges; set ${settings.port}).`;
  if (code === 'EADDRNOTAVAIL') return `Cannot listen on ${where}: this machine has no such address (set ${settings.host}).`;
  return `Cannot listen on ${where}: ${error.message}`;
}
