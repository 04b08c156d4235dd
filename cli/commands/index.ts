import type { Command } from "commander";
import { registerConstruct } from "./construct.js";
import { registerDemo } from "./demo.js";
import { registerDot } from "./dot.js";
import { registerFuzz } from "./fuzz.js";
import { registerGcc } from "./gcc.js";
import { registerReact } from "./react.js";
import { registerValidate } from "./validate.js";

/** Sets the process exit code of the running command. */
export type SetExit = (code: number) => void;

/** Every subcommand, in the order `--help` lists them. */
export function registerCommands(program: Command, setExit: SetExit): void {
  registerDemo(program, setExit);
  registerConstruct(program, setExit);
  registerDot(program, setExit);
  registerValidate(program, setExit);
  registerReact(program, setExit);
  registerGcc(program, setExit);
  registerFuzz(program, setExit);
}
