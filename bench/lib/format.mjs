// Plain-text tables for the terminal and for bench/README.md (GitHub-flavoured Markdown).
import os from 'node:os';

export function table(headers, rows, align = []) {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i].length)));
  const pad = (text, i) => (align[i] === 'left' ? text.padEnd(widths[i]) : text.padStart(widths[i]));
  const line = (row) => `| ${row.map(pad).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (align[i] === 'left' ? `${'-'.repeat(w - 1)}-` : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(headers), rule, ...cells.map(line)].join('\n');
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
export const MB = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
export const percent = (ratio) => `${(ratio * 100).toFixed(0)} %`;
export const ms = (value) => `${Number(value).toFixed(value < 10 ? 1 : 0)} ms`;
export const int = (value) => Math.round(value).toLocaleString('en-US');

export function heading(text) {
  return `\n${text}\n${'='.repeat(text.length)}`;
}

/** The machine's load average over 1, 5 and 15 minutes, to print beside a figure. */
export function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
