import type { Command } from "commander";
import { registerConstruct } from "./construct.js";
import { registerDemo } from "./demo.js";
import { registerDot } from "./dot.js";
import { registerFuzz } from "./fuzz.js";
import { registerGcc } from "./gcc.js";
import { registerReact } from "./react.js";
import { registerValidate } from "./validate.js";
import type { SetExit } from "./exit.js";

export type { SetExit } from "./exit.js";

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
