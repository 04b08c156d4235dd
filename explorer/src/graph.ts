/**
 * A CFG as SVG, laid out by dagre: one box per block (its id, its phis, its statements), one
 * arrow per entry of `preds`, labelled with its index there (the phi argument it carries).
 * Highlighted blocks and path edges are marked with classes and data attributes, which the
 * browser test reads.
 */
import dagre from "@dagrejs/dagre";

export interface DrawPhi {
  def: string;
  /** Arguments in `preds` order; absent while the step has not given them. */
  args?: string[];
  variable?: string;
}

export interface DrawBlock {
  id: string;
  preds: string[];
  phis: DrawPhi[];
  lines: string[];
}

export interface Highlight {
  /** Blocks of the current step or of a witness path. */
  blocks?: ReadonlySet<string>;
  /** A witness path, in order: its edges are marked. */
  path?: readonly string[];
  /** Blocks to mark as the use and the definitions of a witness. */
  use?: string;
  defs?: readonly string[];
  /** The block chosen (by a click, or by the caret in the producer's text). */
  selected?: string;
}

const SVG = "http://www.w3.org/2000/svg";
const CHAR = 7.4;
const LINE = 16;

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

const phiText = (p: DrawPhi) => `${p.def} = φ(${p.args === undefined ? "…" : p.args.join(", ")})`;

export function drawCfg(container: HTMLElement, blocks: readonly DrawBlock[], hl: Highlight = {}): SVGSVGElement {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 40, ranksep: 48, edgesep: 16, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const b of blocks) {
    const texts = [b.id, ...b.phis.map(phiText), ...b.lines];
    const width = Math.max(80, ...texts.map((t) => t.length * CHAR + 20));
    g.setNode(b.id, { width, height: texts.length * LINE + 14 });
  }
  const ids = new Set(blocks.map((b) => b.id));
  for (const b of blocks)
    b.preds.forEach((p, i) => {
      if (ids.has(p)) g.setEdge(p, b.id, { label: String(i), width: 14, height: 14, labelpos: "c" }, `${b.id}#${i}`);
    });
  dagre.layout(g);
  const size = g.graph();
  const svg = el("svg", { xmlns: SVG, width: Math.ceil(size.width ?? 200), height: Math.ceil(size.height ?? 100), class: "cfg", role: "img" });
  const defs = el("defs", {}, svg);
  for (const [id, cls] of [["arrow", "edge"], ["arrow-hl", "edge path"]]) {
    const m = el("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", class: `arrowhead ${cls}` }, m);
  }
  const pathEdges = new Set<string>();
  if (hl.path) for (let i = 1; i < hl.path.length; i++) pathEdges.add(`${hl.path[i - 1]}->${hl.path[i]}`);

  const edgeLayer = el("g", { class: "edges" }, svg);
  for (const e of g.edges()) {
    const lab = g.edge(e);
    const pts: { x: number; y: number }[] = lab.points ?? [];
    const onPath = pathEdges.has(`${e.v}->${e.w}`);
    const d = pts.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    const index = e.name!.split("#")[1];
    const grp = el("g", { class: `edge${onPath ? " on-path" : ""}`, "data-from": e.v, "data-to": e.w, "data-index": index }, edgeLayer);
    el("path", { d, class: "edge-line", "marker-end": onPath ? "url(#arrow-hl)" : "url(#arrow)" }, grp);
    if (lab.x !== undefined && lab.y !== undefined) {
      el("circle", { cx: lab.x, cy: lab.y, r: 8, class: "edge-index-bg" }, grp);
      const t = el("text", { x: lab.x, y: lab.y + 4, class: "edge-index", "text-anchor": "middle" }, grp);
      t.textContent = index;
    }
  }
  const nodeLayer = el("g", { class: "blocks" }, svg);
  for (const b of blocks) {
    const n = g.node(b.id);
    const x = n.x - n.width / 2;
    const y = n.y - n.height / 2;
    const classes = ["block"];
    if (hl.blocks?.has(b.id)) classes.push("highlight");
    if (hl.path?.includes(b.id)) classes.push("on-path");
    if (hl.use === b.id) classes.push("use");
    if (hl.defs?.includes(b.id)) classes.push("def");
    if (hl.selected === b.id) classes.push("selected");
    const grp = el("g", { class: classes.join(" "), "data-block": b.id }, nodeLayer);
    el("rect", { x, y, width: n.width, height: n.height, rx: 6, class: "block-box" }, grp);
    let ty = y + LINE + 2;
    const title = el("text", { x: x + 10, y: ty, class: "block-id" }, grp);
    title.textContent = b.id;
    for (const p of b.phis) {
      ty += LINE;
      const t = el("text", { x: x + 10, y: ty, class: `phi${p.args === undefined ? " pending" : ""}`, "data-phi": p.def, "data-block": b.id, "data-args": (p.args ?? []).join(","), ...(p.variable !== undefined ? { "data-variable": p.variable } : {}) }, grp);
      t.textContent = phiText(p);
    }
    for (const l of b.lines) {
      ty += LINE;
      const t = el("text", { x: x + 10, y: ty, class: "stmt" }, grp);
      t.textContent = l;
    }
  }
  container.replaceChildren(svg);
  return svg;
}
