// What the benchmarks read of Linux's /proc: a process's CPU time, the machine's, and its load average.
import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc's CPU figures (USER_HZ on Linux). */
export const TICKS = 100;

/** The fields of a /proc/…/stat after the command's name (which may hold spaces and parentheses). */
export function statFields(file) {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU ticks a process has used so far (utime + stime; with `children`, also cutime + cstime: its children it
 * waited for). Throws when the process has ended.
 */
export function processTicks(pid, { children = false } = {}) {
  const f = statFields(`/proc/${pid}/stat`);
  return Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
}

/** The machine's CPU time so far, in ticks: busy (user, nice, system, irq, softirq), idle, iowait, steal. */
export function machineTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq, idle, iowait, steal };
}

/** The load averages over 1, 5 and 15 minutes. */
export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
