/**
 * Preloaded into a process the bench measures (`node --import .../peak_rss.js ...`): at exit it
 * writes the process's peak resident set (KB, `process.resourceUsage().maxRSS`) to the file named
 * by FORMAL_SSA_PEAK_RSS, so whole-process memory is measured without /usr/bin/time.
 */
import { writeFileSync } from "node:fs";

const target = process.env.FORMAL_SSA_PEAK_RSS;
if (target !== undefined) process.on("exit", () => writeFileSync(target, String(process.resourceUsage().maxRSS)));
