/**
 * The page's state in the URL's hash. Small states are plain parameters (`#src=...&alg=...`), so
 * a person can read and edit them; past `PLAIN_MAX` characters (a producer's pair, a large
 * program) the same parameters travel compressed: `#z=` and the raw DEFLATE (RFC 1951) of their
 * UTF-8 bytes in base64url. Nothing leaves the browser: the hash is never sent to a server.
 * `formal-ssa validate --link` writes the same form with Node's zlib (api/node/link.ts).
 */

import { PLAIN_MAX } from "../../api/link_form.js";

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes.slice()]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The hash (with `#`) for these parameters: plain, or `#z=` compressed when long. */
export async function encodeHash(params: URLSearchParams): Promise<string> {
  const plain = `#${params.toString()}`;
  if (plain.length <= PLAIN_MAX) return plain;
  const packed = await through(new TextEncoder().encode(params.toString()), new CompressionStream("deflate-raw"));
  return `#z=${base64url(packed)}`;
}

/** The parameters a hash holds, plain or compressed; a compressed one that does not decode throws, with why. */
export async function decodeHash(hash: string): Promise<URLSearchParams> {
  const h = new URLSearchParams(hash.replace(/^#/, ""));
  const z = h.get("z");
  if (z === null) return h;
  let bytes: Uint8Array;
  try {
    bytes = await through(unbase64url(z), new DecompressionStream("deflate-raw"));
  } catch {
    throw new Error("the link's state (#z=...) does not decode: it was cut short or changed");
  }
  return new URLSearchParams(new TextDecoder().decode(bytes));
}
