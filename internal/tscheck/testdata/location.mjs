// location.mjs resolves each Location header value of the JSON array on
// standard input as a browser follows it from a page of http://site.test
// (the WHATWG URL parser, as Node implements it), and writes one result
// a value: {"href": ..., "origin": ...} or {"error": ...}.
import { readFileSync } from "node:fs";

const page = "http://site.test/page";
const results = JSON.parse(readFileSync(0, "utf8")).map((location) => {
  try {
    const u = new URL(location, page);
    return { href: u.href, origin: u.origin };
  } catch (e) {
    return { error: String(e) };
  }
});
process.stdout.write(JSON.stringify(results));
