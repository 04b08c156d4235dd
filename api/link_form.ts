/**
 * The form of an explorer link's state, shared by the page (explorer/src/link.ts, which writes
 * and reads it in the browser) and `validate --link` (api/node/link.ts, which writes it in Node):
 * hashes up to `PLAIN_MAX` characters are plain URL parameters a person can read and edit;
 * longer ones travel as `#z=` and the raw DEFLATE of the parameters' UTF-8 bytes in base64url.
 */
export const PLAIN_MAX = 2000;
