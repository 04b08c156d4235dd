import type { Command } from "commander";
import type { Io } from "../io.js";
import { registerConstruct } from "./construct.js";
import { registerDemo } from "./demo.js";
import { registerDot } from "./dot.js";
import { registerFuzz } from "./fuzz.js";
import { registerGcc } from "./gcc.js";
import { registerHermes } from "./hermes.js";
import { registerReact } from "./react.js";
import { registerValidate } from "./validate.js";
import type { SetExit } from "./exit.js";

export type { SetExit } from "./exit.js";

/** Every subcommand, in the order `--help` lists them. */
export function registerCommands(program: Command, setExit: SetExit, io: Io): void {
  registerDemo(program, setExit, io);
  registerConstruct(program, setExit, io);
  registerDot(program, setExit, io);
  registerValidate(program, setExit, io);
  registerReact(program, setExit, io);
  registerGcc(program, setExit, io);
  registerHermes(program, setExit, io);
  registerFuzz(program, setExit, io);
}
