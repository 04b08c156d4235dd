/**
 * Preloaded into a process the bench measures (`node --import .../peak_rss.js ...`): at exit it
 * writes the process's peak resident set in KB to the file named by FORMAL_SSA_PEAK_RSS, so
 * whole-process memory is measured without /usr/bin/time.
 *
 * On Linux the peak is `VmHWM` of /proc/self/status, the high-water mark of this program's own
 * address space. `process.resourceUsage().maxRSS` (getrusage, as /usr/bin/time reports it) is not
 * used there: Linux keeps it across execve, so a child spawned by a large parent (the bench
 * itself) starts from the parent's resident size (a one-block document measured 136 MB inside
 * `npm run bench` and 56 MB alone).
 */
import { readFileSync, writeFileSync } from "node:fs";

function peakKb(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]);
  } catch {
    // not Linux: getrusage's figure
  }
  return process.resourceUsage().maxRSS;
}

const target = process.env.FORMAL_SSA_PEAK_RSS;
if (target !== undefined) process.on("exit", () => writeFileSync(target, String(peakKb())));
