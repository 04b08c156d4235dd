/**
 * `formal-ssa gcc FILE.c [-- CFLAGS...]`: GCC's SSA construction certified on a C file in one
 * step. GCC (`gcc`, or `$GCC`) compiles the file with
 *
 *   gcc -O0 -c -fdump-tree-fixup_cfg1-blocks-uid -fdump-tree-ssa-blocks-uid CFLAGS... FILE.c
 *
 * in a temporary directory (`-dumpdir`, `-dumpbase` and `-o` point into it, so nothing is
 * written beside the file; the directory is removed afterwards), and its two dumps, before and
 * after the ssa pass (`FILE.c.020t.fixup_cfg1`, `FILE.c.021t.ssa`), are validated exactly as
 * `formal-ssa validate FILE.c.020t.fixup_cfg1 FILE.c.021t.ssa` validates them (`validateFiles`). The
 * CFLAGS come after `-O0`, so that an `-O2` among them wins; the ssa pass runs at every level
 * (docs/gcc.md).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { MalformedInput, ToolFailed } from "../errors.js";
import type { ProducerOptions } from "../producers.js";
import type { Report } from "../report.js";
import { validateFiles, type ProgressSink } from "./commands.js";
import { GCC_DUMP_FLAGS } from "../../adapters/gcc/fuzz.js";

export { ToolFailed };

// the dump flags live with the adapter, whose fuzz target runs gcc with them too
export { GCC_DUMP_FLAGS };

/** At most this many lines of GCC's error output go into the message. */
const ERROR_LINES = 12;

export interface GccRunOptions extends ProducerOptions {
  progress?: ProgressSink;
  /** The compiler to run: default `$GCC`, else `gcc` (GCC 12's dumps are the ones modelled). */
  gcc?: string;
}

/**
 * The dump files GCC wrote into `dir`: the fixup_cfg1 pass's and the ssa pass's. A translation unit that
 * defines no function GCC compiles (all of it under `#if 0`, a table of data, only unused
 * `static inline` functions at -O2) compiles to an object file and no dump: then both are empty,
 * as the dumps of a unit without functions would be.
 */
function dumpsIn(dir: string, base: string, gcc: string): { before: string; ssa: string } {
  const files = readdirSync(dir);
  const anyDump = files.some((f) => f.startsWith(`${base}.`) && /\.[0-9]+t\.(fixup_cfg1|ssa)$/.test(f));
  if (!anyDump && files.includes(`${base}.o`)) {
    const empty = { before: join(dir, `${base}.000t.fixup_cfg1`), ssa: join(dir, `${base}.000t.ssa`) };
    writeFileSync(empty.before, "");
    writeFileSync(empty.ssa, "");
    return empty;
  }
  const find = (pass: string) => {
    const found = files.filter((f) => f.startsWith(`${base}.`) && new RegExp(`\\.[0-9]+t\\.${pass}$`).test(f));
    if (found.length !== 1) throw new ToolFailed(`${gcc} wrote ${found.length === 0 ? "no" : "more than one"} ${pass} dump for ${base} (CFLAGS that stop before compiling, such as -E or -fsyntax-only, leave none)`);
    return join(dir, found[0]);
  };
  return { before: find("fixup_cfg1"), ssa: find("ssa") };
}

/**
 * Compiles `file` with GCC and certifies its SSA construction on every function: the report of
 * `formal-ssa validate` on the two dumps. `cflags` go to GCC after `-O0 -c` and the dump flags.
 * Throws `ToolFailed` when GCC is missing (with how to install it) or fails (with the first
 * lines of its error output); the dumps' own malformations throw `MalformedInput` naming the dump
 * as GCC would name it beside the file (`FILE.c.020t.fixup_cfg1:LINE: ...`).
 */
export async function validateC(file: string, cflags: readonly string[] = [], options: GccRunOptions = {}): Promise<Report> {
  const { gcc: given, ...rest } = options;
  const gcc = given ?? (process.env.GCC || "gcc");
  const base = basename(file);
  const dir = mkdtempSync(join(tmpdir(), "formal-ssa-gcc-"));
  try {
    const args = ["-O0", "-c", ...GCC_DUMP_FLAGS, ...cflags, file, "-dumpdir", `${dir}/`, "-dumpbase", base, "-o", join(dir, `${base}.o`)];
    const r = spawnSync(gcc, args, { encoding: "utf8", maxBuffer: 1 << 26, stdio: ["ignore", "pipe", "pipe"] });
    if (r.error !== undefined) {
      const code = (r.error as NodeJS.ErrnoException).code;
      if (code === "ENOENT")
        throw new ToolFailed(`${gcc} not found: formal-ssa gcc needs GCC (apt-get install gcc, or GCC=/path/to/gcc)`);
      throw new ToolFailed(`${gcc} could not be run: ${r.error.message}`);
    }
    if (r.status !== 0) {
      const lines = (r.stderr ?? "").trimEnd().split("\n").filter((l) => l.length > 0);
      const shown = lines.slice(0, ERROR_LINES).map((l) => `  ${l}`);
      if (lines.length > ERROR_LINES) shown.push(`  (${lines.length - ERROR_LINES} more lines)`);
      throw new ToolFailed(`${gcc} failed on ${file} (${r.status === null ? `signal ${r.signal}` : `exit ${r.status}`})${shown.length > 0 ? `:\n${shown.join("\n")}` : ""}`);
    }
    const { before, ssa } = dumpsIn(dir, base, gcc);
    try {
      return await validateFiles(before, ssa, rest);
    } catch (e) {
      // the dumps are gone when the message is read: name them as GCC names them beside the file
      if (e instanceof MalformedInput) throw new MalformedInput(e.message.split(`${dir}/`).join(""));
      throw e;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
