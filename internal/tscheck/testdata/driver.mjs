// driver.mjs runs the calls the Go tests send on standard input (a JSON
// array) with the compiled modules of the folder given as its argument,
// and writes one result a call: {"url": ...} or {"error": ...}.
//
// A call is {"module": "golden/rich/routes.js", "fn": "user", "args": [...]}
// for a function, or {"module", "name", "params", "query"} for routeURL;
// with "base" or "hosts" it goes through withBasePath(base, {hosts}).
// An argument {"bigint": "123"} is a bigint; {"utf16": 55296} a string of
// that UTF-16 code unit (a lone surrogate, which JSON from Go cannot hold).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
const calls = JSON.parse(readFileSync(0, "utf8"));
const modules = new Map();
const decode = (v) =>
  v === null || typeof v !== "object" ? v : "bigint" in v ? BigInt(v.bigint) : String.fromCharCode(v.utf16);
const results = [];
for (const call of calls) {
  let m = modules.get(call.module);
  if (m === undefined) {
    m = await import(pathToFileURL(join(folder, call.module)).href);
    modules.set(call.module, m);
  }
  try {
    const urls = call.base === undefined && call.hosts === undefined ? m : m.withBasePath(call.base ?? "", { hosts: call.hosts ?? {} });
    let url;
    if (call.fn !== undefined) {
      if (typeof urls[call.fn] !== "function") {
        throw new Error("the module has no function " + call.fn);
      }
      url = urls[call.fn](...(call.args ?? []).map(decode));
    } else {
      const params = Object.fromEntries(Object.entries(call.params ?? {}).map(([k, v]) => [k, decode(v)]));
      url = urls.routeURL(call.name, params, call.query ?? {});
    }
    results.push({ url });
  } catch (e) {
    results.push({ error: e instanceof Error ? e.message : String(e) });
  }
}
process.stdout.write(JSON.stringify(results));
