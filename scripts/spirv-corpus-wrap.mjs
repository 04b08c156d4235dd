// Writes the GLSL fragment shaders of the SPIR-V corpus (scripts/fetch-spirv-corpus.sh): complete
// `#version 450` shaders that glslangValidator -V accepts, made from code that is not a shader by
// itself. Plain Node ESM, node: imports only; the output depends only on the input (sorted
// iteration, no timestamps).
//
//   node scripts/spirv-corpus-wrap.mjs gl-transitions JSON OUTDIR
//     JSON is the package's gl-transitions.json (name, glsl of each transition). Writes
//     OUTDIR/NAME.frag per transition: the transition's uniforms become members of one uniform
//     block (with progress and ratio), its samplers get bindings, getFromColor/getToColor read two
//     sampler2D, main writes transition(uv).
//
//   node scripts/spirv-corpus-wrap.mjs lygia OUTDIR SKIPLOG DIR...
//     The lygia sources are in OUTDIR/src; DIRs are folders of it (math, color, ...). For each
//     .glsl file under them, runs `glslangValidator -E` on a shader that #includes it (so that
//     includes and #if branches are resolved as the compiler sees them), takes the functions that
//     the file itself defines (by the #line markers) whose parameters and result are scalars,
//     vectors or matrices, and writes OUTDIR/DIR.SUB.FILE.frag whose main calls each of them on
//     values derived from a varying input and adds every result (and out parameter) to the
//     output. A file with no such function, or that does not preprocess, is appended to SKIPLOG
//     as `lygia/NAME: reason`. JOBS (default: the number of cores) preprocessors run at once.
import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, posix } from 'node:path';

function byCodeUnit(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// gl-transitions

function glTransitions(jsonPath, outDir) {
  const transitions = JSON.parse(readFileSync(jsonPath, 'utf8'));
  mkdirSync(outDir, { recursive: true });
  const sorted = [...transitions].sort((a, b) => byCodeUnit(a.name, b.name));
  for (const t of sorted) {
    if (!/^[A-Za-z0-9_-]+$/.test(t.name)) throw new Error(`unexpected transition name ${t.name}`);
    writeFileSync(join(outDir, `${t.name}.frag`), wrapTransition(t.name, t.glsl));
  }
  console.log(`gl-transitions: ${sorted.length} shaders in ${outDir}`);
}

// `uniform TYPE NAME;` at the start of a line, with an optional /* ... */ before the semicolon
// (burn.glsl: `uniform vec3 color /* = vec3(0.9, 0.4, 0.2) */;`); the `// = default` comment after
// it stays in place.
const UNIFORM = /^[ \t]*uniform[ \t]+(\w+)[ \t]+(\w+)[ \t]*(\/\*.*?\*\/)?[ \t]*;/gm;

function wrapTransition(name, glsl) {
  const members = [];
  const samplers = [];
  const body = glsl
    .replace(UNIFORM, (_, type, id, comment) => {
      (/^[iu]?sampler/.test(type) ? samplers : members).push(`${type} ${id};${comment ? ` ${comment}` : ''}`);
      return `// (uniform ${id}: declared above)`;
    })
    // `precision highp float;` is GLSL ES; desktop GLSL accepts it, but drop it to be plain 450
    .replace(/^[ \t]*precision[ \t]+\w+[ \t]+\w+[ \t]*;/gm, '// (precision statement dropped)');
  const lines = [
    '#version 450',
    `// gl-transitions ${name}, wrapped into a Vulkan fragment shader by scripts/spirv-corpus-wrap.mjs`,
    '#define texture2D texture',
    'layout(set = 0, binding = 0) uniform Params {',
    '  float progress;',
    '  float ratio;',
    ...members.map((m) => `  ${m}`),
    '};',
    'layout(set = 0, binding = 1) uniform sampler2D gltr_from;',
    'layout(set = 0, binding = 2) uniform sampler2D gltr_to;',
    ...samplers.map((s, i) => `layout(set = 0, binding = ${3 + i}) uniform ${s}`),
    'layout(location = 0) in vec2 gltr_uv;',
    'layout(location = 0) out vec4 gltr_color;',
    'vec4 getFromColor(vec2 p) { return texture(gltr_from, p); }',
    'vec4 getToColor(vec2 p) { return texture(gltr_to, p); }',
    '#line 1',
    body.replace(/\s+$/, ''),
    '',
    'void main() { gltr_color = transition(gltr_uv); }',
    '',
  ];
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// lygia

function listGlsl(root, rel) {
  const out = [];
  for (const entry of readdirSync(join(root, rel)).sort(byCodeUnit)) {
    const r = posix.join(rel, entry);
    if (statSync(join(root, r)).isDirectory()) out.push(...listGlsl(root, r));
    else if (entry.endsWith('.glsl')) out.push(r);
  }
  return out;
}

const SCALAR_VECTOR = new Set([
  'float', 'vec2', 'vec3', 'vec4',
  'int', 'ivec2', 'ivec3', 'ivec4',
  'uint', 'uvec2', 'uvec3', 'uvec4',
  'bool', 'bvec2', 'bvec3', 'bvec4',
  'mat2', 'mat3', 'mat4',
]);
const QUALIFIERS = new Set(['const', 'in', 'out', 'inout', 'highp', 'mediump', 'lowp', 'precise']);

// Words that can stand before `(...) {` without a definition (`else if (c) {`).
const KEYWORDS = new Set(['if', 'else', 'for', 'while', 'do', 'switch', 'return', 'case']);

// A definition: [precision] TYPE NAME ( PARAMS ) {, in the preprocessed text (no comments).
const DEFINITION = /(?:^|[\s;{}])(?:(?:highp|mediump|lowp)\s+)?([A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*\(([^()]*)\)\s*\{/g;

function parseParams(text) {
  const t = text.trim();
  if (t === '' || t === 'void') return [];
  const params = [];
  for (const raw of t.split(',')) {
    if (raw.includes('[')) return null; // arrays
    const words = raw.trim().split(/\s+/);
    let out = false;
    const rest = [];
    for (const w of words) {
      if (w === 'out' || w === 'inout') out = true;
      if (!QUALIFIERS.has(w)) rest.push(w);
    }
    if (rest.length < 1 || rest.length > 2 || !SCALAR_VECTOR.has(rest[0])) return null; // samplers, structs
    params.push({ type: rest[0], out });
  }
  return params;
}

// The functions the file OWN defines, from glslangValidator -E output with #line markers.
function ownFunctions(preprocessed, own) {
  let current = null;
  const chunks = [];
  for (const line of preprocessed.split('\n')) {
    const m = /^#line\s+\d+\s+"(.*)"\s*$/.exec(line);
    if (m) {
      current = posix.normalize(m[1]);
      continue;
    }
    if (current === own) chunks.push(line);
  }
  const text = chunks.join('\n');
  const seen = new Set();
  const functions = [];
  let defined = 0;
  for (const m of text.matchAll(DEFINITION)) {
    const [, ret, name, paramText] = m;
    if (KEYWORDS.has(ret) || KEYWORDS.has(name)) continue;
    defined++;
    if (name === 'main' || (ret !== 'void' && !SCALAR_VECTOR.has(ret))) continue;
    const params = parseParams(paramText);
    if (params === null) continue;
    if (ret === 'void' && !params.some((p) => p.out)) continue; // nothing to observe
    const key = `${name}(${params.map((p) => p.type).join(',')})`;
    if (seen.has(key)) continue;
    seen.add(key);
    functions.push({ ret, name, params });
  }
  return { functions, defined };
}

const SWIZZLES = ['xyzw', 'yzwx', 'zwxy', 'wxyz'];

// An expression of TYPE derived from the varying lyg_in, different for each argument k.
function argument(type, k) {
  const s = SWIZZLES[k % 4];
  const c = (0.125 * (k + 1)).toFixed(3);
  const v = (n) => (n === 1 ? `lyg_in.${s[0]}` : `lyg_in.${s.slice(0, n)}`);
  const f = (n) => `(${v(n)} + ${c})`;
  switch (type) {
    case 'float': return f(1);
    case 'vec2': return f(2);
    case 'vec3': return f(3);
    case 'vec4': return f(4);
    case 'int': return `int(${v(1)} * 8.0) + ${k}`;
    case 'uint': return `uint(abs(${v(1)}) * 8.0) + ${k}u`;
    case 'bool': return `(${v(1)} > ${c})`;
    case 'mat2': return `mat2(${f(2)}, lyg_in.${SWIZZLES[(k + 2) % 4].slice(0, 2)})`;
    case 'mat3': return `mat3(${f(3)}, lyg_in.${SWIZZLES[(k + 1) % 4].slice(0, 3)}, lyg_in.${SWIZZLES[(k + 2) % 4].slice(0, 3)})`;
    case 'mat4': return `mat4(${f(4)}, lyg_in.${SWIZZLES[(k + 1) % 4]}, lyg_in.${SWIZZLES[(k + 2) % 4]}, lyg_in.${SWIZZLES[(k + 3) % 4]})`;
  }
  const n = Number(type.at(-1));
  if (type.startsWith('ivec')) return `ivec${n}(${v(n)} * 8.0)`;
  if (type.startsWith('uvec')) return `uvec${n}(abs(${v(n)}) * 8.0)`;
  if (type.startsWith('bvec')) return `greaterThan(${v(n)}, vec${n}(${c}))`;
  throw new Error(`no argument for ${type}`);
}

// The variable E of TYPE as a vec4 to add to the output.
function contribution(type, e) {
  switch (type) {
    case 'float': return `vec4(${e})`;
    case 'vec2': return `vec4(${e}, ${e})`;
    case 'vec3': return `vec4(${e}, 1.0)`;
    case 'vec4': return e;
    case 'int': case 'uint': return `vec4(float(${e}))`;
    case 'bool': return `vec4(${e} ? 1.0 : 0.0)`;
    case 'mat2': return `vec4(${e}[0], ${e}[1])`;
    case 'mat3': return `vec4(${e}[0] + ${e}[1] + ${e}[2], 1.0)`;
    case 'mat4': return `(${e}[0] + ${e}[1] + ${e}[2] + ${e}[3])`;
  }
  const n = Number(type.at(-1));
  const fv = type.startsWith('b') ? `vec${n}(float(any(${e})))` : `vec${n}(${e})`;
  return n === 2 ? `vec4(${fv}, ${fv})` : n === 3 ? `vec4(${fv}, 1.0)` : fv;
}

function lygiaShader(includePath, functions) {
  const lines = [
    '#version 450',
    '#extension GL_GOOGLE_include_directive : require',
    `// lygia ${includePath.replace(/^src\//, '')}: calls each of its functions, by scripts/spirv-corpus-wrap.mjs`,
    'layout(location = 0) in vec4 lyg_in;',
    'layout(location = 0) out vec4 lyg_out;',
    `#include "${includePath}"`,
    'void main() {',
    '  vec4 lyg_acc = vec4(0.0);',
  ];
  for (const fn of functions) {
    const decls = fn.params.map((p, k) => `${p.type} lyg_a${k} = ${argument(p.type, k)};`);
    const call = `${fn.name}(${fn.params.map((_, k) => `lyg_a${k}`).join(', ')})`;
    const uses = fn.ret === 'void' ? [`${call};`] : [`${fn.ret} lyg_r = ${call};`, `lyg_acc += ${contribution(fn.ret, 'lyg_r')};`];
    fn.params.forEach((p, k) => {
      if (p.out) uses.push(`lyg_acc += ${contribution(p.type, `lyg_a${k}`)};`);
    });
    lines.push(`  { ${[...decls, ...uses].join(' ')} }`);
  }
  lines.push('  lyg_out = lyg_acc;', '}', '');
  return lines.join('\n');
}

function preprocess(outDir, fileName) {
  return new Promise((resolve) => {
    execFile('glslangValidator', ['-E', fileName], { cwd: outDir, encoding: 'utf8', maxBuffer: 1 << 28 }, (error, stdout, stderr) =>
      resolve({ ok: !error, text: `${stdout}\n${stderr}` }),
    );
  });
}

async function lygia(outDir, skipLog, dirs) {
  const src = join(outDir, 'src');
  const files = [...dirs].sort(byCodeUnit).flatMap((dir) => listGlsl(src, dir));
  const skips = [];
  let written = 0;
  // one glslangValidator -E per file (about 60 ms each, most of it start-up): JOBS at a time
  const jobs = Math.max(1, Number(process.env.JOBS) || availableParallelism());
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++];
      const name = rel.replace(/\.glsl$/, '').replaceAll('/', '.');
      const includePath = posix.join('src', rel);
      const file = join(outDir, `${name}.frag`);
      // a probe with the include only, preprocessed as the compiler sees it
      writeFileSync(file, lygiaShader(includePath, []));
      const r = await preprocess(outDir, `${name}.frag`);
      if (!r.ok) {
        const first = r.text.split('\n').find((l) => /ERROR/.test(l)) ?? 'no message';
        rmSync(file);
        skips.push(`lygia/${name}: does not preprocess: ${first.replace(/^.*?ERROR:\s*/, '').replace(/^\S+:\d+:\s*/, '').slice(0, 200)}`);
        continue;
      }
      const { functions, defined } = ownFunctions(r.text, posix.normalize(includePath));
      if (functions.length === 0) {
        rmSync(file);
        skips.push(
          defined === 0
            ? `lygia/${name}: defines no function (only includes, macros, constants or structs)`
            : `lygia/${name}: each of its functions takes or returns a sampler, struct or array`,
        );
        continue;
      }
      writeFileSync(file, lygiaShader(includePath, functions));
      written++;
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  skips.sort(byCodeUnit);
  appendFileSync(skipLog, skips.map((l) => `${l}\n`).join(''));
  console.log(`lygia: ${files.length} .glsl files, ${written} shaders in ${outDir}, ${skips.length} files skipped`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'gl-transitions' && args.length === 2) glTransitions(args[0], args[1]);
else if (mode === 'lygia' && args.length >= 3) await lygia(args[0], args[1], args.slice(2));
else {
  console.error('usage: spirv-corpus-wrap.mjs gl-transitions JSON OUTDIR | lygia OUTDIR SKIPLOG DIR...');
  process.exit(2);
}
