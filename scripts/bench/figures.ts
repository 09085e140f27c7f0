import { readFile } from 'node:fs/promises';

/** How the bench states its figures: medians, percentiles, sizes and times, and a process's memory. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** A budgeted size: in kB, and in bytes for a figure near its budget. */
export const size = (bytes: number) => `${kB(bytes)} (${bytes.toLocaleString('en')} bytes)`;
export const ms = (value: number) => `${value.toFixed(value < 20 ? 1 : 0)} ms`;

/** A process's resident memory, in bytes. */
export const rssOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};
