/// <reference path="./env.d.ts" />
/**
 * The page's React Compiler mode, a script of its own (vite.react.config.ts writes
 * assets/react-compiler.js), loaded only when that mode is chosen: @babel/standalone with
 * babel-plugin-react-compiler compile a JavaScript or TypeScript source in the page, and the
 * library validates every function as `formal-ssa react` does (`validateSourcesWith`), keeping
 * each function's documents for drawing. It sets `globalThis.formalSsaReact`.
 */
import "./process_shim.js";
import * as Babel from "@babel/standalone";
import plugin from "babel-plugin-react-compiler";
import { validateSourcesWith } from "../../api/react_compiler.js";
import { functionLine } from "../../api/react_validator.js";
import { plantSwappedPhi } from "./mutants.js";
import { Buffer } from "./node_buffer_shim.js";
import type { ReactBundle, ReactRun } from "./react_mode.js";

(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

const babel = { transformSync: (code: string, options: object) => Babel.transform(code, options) };

const bundle: ReactBundle = {
  validate(name: string, code: string, eachPass: boolean, plantBug = false): ReactRun {
    const documents: ReactRun["documents"] = [];
    const report = validateSourcesWith({ babel, plugin }, [{ text: code, name }], { eachPass, ...(plantBug ? { tamper: plantSwappedPhi } : {}), onDocuments: (_file, fn, docs) => documents.push({ name: fn, original: docs.original, ssa: docs.ssa, eliminated: docs.eliminated, lines: docs.lines() }) });
    return { report, lines: report.functions.map(functionLine), documents };
  },
};
(globalThis as { formalSsaReact?: ReactBundle }).formalSsaReact = bundle;
