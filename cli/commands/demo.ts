import type { Command } from "commander";
import { demo } from "../../api/node/demo.js";
import { print, type Io } from "../io.js";
import type { SetExit } from "./exit.js";

export function registerDemo(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("demo")
    .description("run the main job on a built-in example: check it, construct SSA, validate it and a broken copy")
    .action(() => {
      const { text, ok } = demo();
      print(io, text);
      setExit(ok ? 0 : 1);
    });
}
