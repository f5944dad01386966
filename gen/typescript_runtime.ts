// The code every generated TypeScript module ends with (gen/typescript.go embeds
// it from the line "What follows is the same in every generated module." on): it
// writes the URLs from the tables the module writes above it, and checks and escapes
// the values as the Go runtime does (runtime/urls.go, constraint.go, validate.go,
// match.go's IsCleanTail), so that a helper of either language gives the same URL or
// refuses. Its names begin with "_", which no helper or parameter name does.
//
// tsc --strict checks this file on its own (internal/tscheck's TestRuntimeStrict):
// the declarations below stand for what a generated module writes before it.

declare const _root: number;
declare const _domains: readonly _Domain[];
declare const _routes: readonly _Route[];
declare const _names: ReadonlyMap<string, number>;
declare const _helpers: Readonly<Record<string, (...args: never[]) => string>>;
type URLBuilder = typeof _helpers;

// What follows is the same in every generated module.

/** A domain of routes.conf: its host and port, or the environment reference routes.conf reads them from. */
interface _Domain {
  readonly key: string;
  readonly host: string;
  readonly port: string;
  readonly hostEnv?: string;
  readonly portEnv?: string;
  readonly subdomain?: boolean; // routes.conf marks it a subdomain: a label of its host names it
}

/** The route of a function: its path as literal text and the indexes of its parameters. */
interface _Route {
  readonly name: string;
  readonly domain: number;
  readonly path: readonly (string | number)[];
  readonly params: readonly _Param[];
  readonly list?: boolean; // a static folder with a listing, whose catch-all may be empty
}

interface _Param {
  readonly name: string;
  readonly catchAll?: boolean;
  readonly int?: boolean;
  readonly numeric?: boolean; // the bounds compare numbers, not lengths
  readonly terms?: readonly (readonly _Tag[])[]; // all must hold; a term holds when one of its tags does
}

/** A constraint tag: its name, argument, and the number of a bounds tag or the words of oneof. */
type _Tag = readonly [name: string, arg: string, bound?: number | readonly string[]];

/** list[i], which the tables of the module always have. */
function _nth<T>(list: readonly T[], i: number): T {
  const x = list[i];
  if (x === undefined) {
    throw new Error("routegen: internal error: no element " + String(i));
  }
  return x;
}

function _own(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** A URL builder's base path and the hosts it was given, by domain key. */
interface _Context {
  readonly base: string;
  readonly hosts: Readonly<Record<string, string | undefined>>;
}

let _context: _Context = { base: "", hosts: {} };

/** The helpers that withBasePath returns write URLs under their own context. */
function _withContext(context: _Context): URLBuilder {
  const builder: Record<string, (...args: never[]) => string> = {};
  for (const [name, helper] of Object.entries(_helpers)) {
    const f = helper as (...args: unknown[]) => string;
    builder[name] = (...args: unknown[]): string => {
      const saved = _context;
      _context = context;
      try {
        return f(...args);
      } finally {
        _context = saved;
      }
    };
  }
  return builder as unknown as URLBuilder;
}

/** A base path as the Go URLBuilder.WithBasePath cleans it: "" for none or "/", else one leading slash, no trailing one, and each segment escaped. */
function _cleanBasePath(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") {
    return "";
  }
  // Each segment escaped, as a catch-all's value: a "?" or "#" would end the path, and a leading backslash make it another host's.
  return "/" + _escapeCatchAll(trimmed);
}

/** Checks the hosts given to withBasePath: "host", "host:port", "[v6]" or "[v6]:port", a wildcard domain's host beginning with "*.", each as the Go side's WithHost checks its host and port. */
function _checkHosts(hosts: Readonly<Record<string, string | undefined>>): void {
  for (const [key, address] of Object.entries(hosts)) {
    const domain = _domains.find((d) => d.key === key);
    if (domain === undefined) {
      throw new Error("routegen: hosts: no domain " + _quote(key));
    }
    if (address === undefined) {
      continue;
    }
    // Colons outside brackets are an IPv6 address's, not a port's: the host is the whole address, and its message says to bracket it.
    const [host, port] = !address.startsWith("[") && address.indexOf(":") !== address.lastIndexOf(":") ? [address, ""] : _splitAddress(address);
    const problem = _hostProblem(host) || (port !== "" && (!/^[1-9][0-9]{0,4}$/.test(port) || Number(port) > 65535) ? "port " + _quote(port) + " is not a number from 1 to 65535" : "");
    if (problem !== "") {
      throw new Error("routegen: hosts: " + _quote(address) + " of domain " + _quote(key) + ": " + problem);
    }
    if (domain.host.startsWith("*.") !== host.startsWith("*.")) {
      throw new Error("routegen: hosts: domain " + _quote(key) + (domain.host.startsWith("*.") ? " is" : " is not") + " a wildcard domain: its host " + (domain.host.startsWith("*.") ? "must" : "must not") + " begin with \"*.\"");
    }
  }
}

/** The Go side's hostname.Check, message for message: what is wrong with a host, "" when nothing is. */
function _hostProblem(host: string): string {
  const name = host.startsWith("*.") ? host.slice(2) : host;
  if (host === "") {
    return "empty host";
  }
  if (/[\uD800-\uDFFF]/u.test(host)) {
    return "not valid UTF-8"; // a lone surrogate
  }
  if (/[\x00-\x20\x7f]/.test(host)) {
    return "a host holds no space or control character, and this one does";
  }
  if (host.includes("://")) {
    return "a host has no scheme; write just the name";
  }
  if (/[/?#]/.test(host)) {
    return "a host has no path; write just the name";
  }
  if (/[[\]]/.test(host)) {
    // An IPv6 address, whole, in the one form a browser sends ("[::1]", not "[0:0::1]"), which its URL parser writes.
    let canonical = "";
    try {
      canonical = /^\[[0-9A-Fa-f:.]+\]$/.test(host) ? new _URL("http://" + host + "/").hostname : "";
    } catch {
      // not an IPv6 address
    }
    if (!canonical.startsWith("[")) {
      return "not an IPv6 address in brackets (\"[::1]\", without a zone); write the port in port";
    }
    return host === canonical ? "" : "a browser sends this IPv6 address as " + canonical + ", which would not match: write " + _quote(canonical);
  }
  if (host.indexOf(":") !== host.lastIndexOf(":")) {
    return "write an IPv6 address in brackets (\"[::1]\"), and its port in port";
  }
  if (host.includes(":")) {
    return "write the port in port, not in host";
  }
  if (/[^\x00-\x7f]/.test(host)) {
    return "a host is written in ASCII, as clients send it: write an internationalized name in its Punycode form (\"xn--\u2026\")";
  }
  if (/[^A-Za-z0-9\-_.*]/.test(host)) {
    return "a host name holds letters, digits, \"-\", \"_\" and \".\" only";
  }
  if (name.includes("*")) {
    return "a wildcard is allowed only as the first label (\"*.example.com\")";
  }
  if (name === "" || name.startsWith(".") || name.endsWith(".") || name.includes("..")) {
    return "empty label in host";
  }
  const bad = _badPunycode(name);
  if (bad !== "") {
    return "label " + _quote(bad) + " is not the Punycode of a name, and a browser refuses the host: write the name's ASCII form as idna gives it";
  }
  // A browser reads a host that ends in a number as an IPv4 address ("127.1" is 127.0.0.1) or refuses it: only four numbers keep the Host its links send.
  if (/(^|\.)([0-9]+|0[xX][0-9A-Fa-f]*)$/.test(name) && !/^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.|$)){4}$/.test(host)) {
    return "a browser reads a host that ends in a number as an IPv4 address (\"127.1\" is 127.0.0.1) or refuses it (\"example.123\"): write an address as four numbers from 0 to 255 (\"127.0.0.1\"), or end the name with a letter";
  }
  return "";
}

/** The URL parser of the browser or of Node, which the module's library (ES2020) does not declare. */
const _URL = (globalThis as unknown as { readonly URL: new (url: string) => { readonly hostname: string } }).URL;

/**
 * The Go side's hostname.BadPunycode: the first label of name that begins with "xn--" and is not the Punycode of a valid name, "" when there is none.
 * A browser's URL parser decodes and validates such a label (UTS #46) and refuses the invalid ones ("xn--a", "xn--zz"); one that ends in "-" ("xn--www-")
 * decodes to ASCII alone, which the parser keeps but Go's idna refuses.
 */
function _badPunycode(name: string): string {
  for (const label of name.split(".")) {
    if (!label.toLowerCase().startsWith("xn--")) {
      continue;
    }
    let ascii = "";
    try {
      ascii = new _URL("http://" + label + "/").hostname;
    } catch {
      // not the Punycode of a name
    }
    if (label.endsWith("-") || ascii !== label.toLowerCase()) {
      return label;
    }
  }
  return "";
}

function _splitAddress(address: string): [string, string] {
  const close = address.lastIndexOf("]");
  const colon = address.lastIndexOf(":");
  if (colon > close) {
    return [address.slice(0, colon), address.slice(colon + 1)];
  }
  return [address, ""];
}

/** The value of an environment reference of routes.conf ("NAME" or "NAME:-default"): its default, as a browser has no environment. */
function _envDefault(domain: _Domain, ref: string, what: string): string {
  const at = ref.indexOf(":-");
  if (at < 0) {
    throw new Error("routegen: domain " + _quote(domain.key) + ": its " + what + " is read from $" + ref + "; give the host in withBasePath's hosts");
  }
  return ref.slice(at + 2);
}

/** As the Go builder's origin: "//host[:port]" of domain d, the subdomain filling a wildcard. */
function _origin(d: number, subdomain: string): string {
  const domain = _nth(_domains, d);
  let host = domain.host;
  let port = domain.port;
  const given = _own(_context.hosts, domain.key) ? _context.hosts[domain.key] : undefined;
  if (given !== undefined) {
    [host, port] = _splitAddress(given);
  } else {
    if (domain.hostEnv !== undefined) {
      host = _envDefault(domain, domain.hostEnv, "host");
    }
    if (domain.portEnv !== undefined) {
      port = _envDefault(domain, domain.portEnv, "port");
    }
  }
  host = host.toLowerCase();
  if (host.startsWith("*.")) {
    host = subdomain + host.slice(1);
  }
  if (port === "" || port === "80" || port === "443") {
    return "//" + host;
  }
  return "//" + host + ":" + port;
}

/** Builds the URL of route r from the arguments of its helper, the subdomain first when it takes one; checked as Go's CheckedHelperURL when checked. */
function _url(r: number, args: readonly unknown[], checked: boolean): string {
  const route = _nth(_routes, r);
  let subdomain = "";
  if (_takesSubdomain(route)) {
    subdomain = _subdomain(route, args[0]);
    args = args.slice(1);
  }
  return _build(route, subdomain, route.params.map((p, i) => _value(route, p, args[i])), checked);
}

function _takesSubdomain(route: _Route): boolean {
  return route.domain !== _root && _isWildcard(route);
}

function _isWildcard(route: _Route): boolean {
  return _nth(_domains, route.domain).host.startsWith("*.");
}

/** Checks a subdomain argument: one DNS label, and valid Punycode when it begins with "xn--", as the Go side's. */
function _subdomain(route: _Route, v: unknown): string {
  if (typeof v !== "string") {
    throw new TypeError("routegen: route " + _quote(route.name) + ": the subdomain must be a string, not " + typeof v);
  }
  if (!/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(v) || _badPunycode(v) !== "") {
    throw new Error("routegen: route " + _quote(route.name) + ": subdomain " + _quote(v) + " is not one DNS label (1 to 63 letters, digits and hyphens, no hyphen first or last)");
  }
  return v;
}

const _int64Min = -(BigInt(2) ** BigInt(63));
const _int64Max = BigInt(2) ** BigInt(63) - BigInt(1);

/** The text of a parameter's value: a string as it is, an integer parameter's number in decimal. */
function _value(route: _Route, p: _Param, v: unknown): string {
  const at = "routegen: route " + _quote(route.name) + ": parameter " + _quote(p.name) + ": ";
  if (p.int) {
    if (typeof v === "number" && !Number.isInteger(v)) {
      throw new Error(at + String(v) + " is not an integer");
    }
    if (typeof v !== "number" && typeof v !== "bigint") {
      throw new TypeError(at + "want a number or a bigint, not " + typeof v);
    }
    const n = BigInt(v);
    if (n < _int64Min || n > _int64Max) {
      throw new Error(at + n.toString() + " is out of the range of a 64-bit integer");
    }
    return n.toString();
  }
  if (typeof v !== "string") {
    throw new TypeError(at + "want a string, not " + typeof v);
  }
  if (/[\uD800-\uDFFF]/u.test(v)) {
    throw new Error(at + _quote(v) + " holds a lone surrogate, which UTF-8 cannot write");
  }
  return v;
}

/** Go's buildURL, after checkValues when checked, and refusing a path that begins with "//" or "/\\". */
function _build(route: _Route, subdomain: string, values: readonly string[], checked: boolean): string {
  if (checked) {
    _checkValues(route, values);
  }
  let path = _context.base;
  let last = -1; // the parameter written last
  for (const part of route.path) {
    if (typeof part === "string") {
      path += part;
    } else {
      const v = _nth(values, part);
      path += _nth(route.params, part).catchAll ? _escapeCatchAll(v) : _escape(v);
      last = part;
    }
    if (last >= 0 && (path.startsWith("//") || path.startsWith("/\\"))) {
      throw new Error("routegen: route " + _quote(route.name) + ": parameter " + _quote(_nth(route.params, last).name) + ": " + _quote(_nth(values, last)) + " would make the path begin with " + _quote(path.slice(0, 2)));
    }
  }
  return (route.domain !== _root ? _origin(route.domain, subdomain) : "") + path;
}

/** Go's checkValues: every value's segment, then every constraint. */
function _checkValues(route: _Route, values: readonly string[]): void {
  route.params.forEach((p, i) => {
    const v = _nth(values, i);
    const reason = _segmentReason(route, p, v);
    if (reason !== "") {
      throw new Error("routegen: route " + _quote(route.name) + ": parameter " + _quote(p.name) + ": " + _quote(v) + " " + reason);
    }
  });
  route.params.forEach((p, i) => {
    const v = _nth(values, i);
    for (const term of p.terms ?? []) {
      if (!term.some((tag) => _holds(tag, v, p.numeric === true))) {
        throw new Error("routegen: route " + _quote(route.name) + ": parameter " + _quote(p.name) + ": " + _quote(v) + " " + _termReason(term, v, p.numeric === true));
      }
    }
  });
}

function _segmentReason(route: _Route, p: _Param, v: string): string {
  if (p.catchAll && v === "" && route.list) {
    return ""; // the listing of the folder itself
  }
  if (v === "") {
    return "is empty";
  }
  if (p.catchAll && !_isCleanTail(v)) {
    return "has an empty or dot segment";
  }
  if (!p.catchAll && (v === "." || v === "..")) {
    return "is a dot segment";
  }
  return "";
}

/** Go's IsCleanTail: no empty, "." or ".." segment, and no leading "/". */
function _isCleanTail(s: string): boolean {
  if (s.startsWith("/") || s.includes("//")) {
    return false;
  }
  return !s.split("/").some((seg, i, all) => seg === "." || seg === ".." || seg === "" && i < all.length - 1);
}

function _holds(tag: _Tag, v: string, numeric: boolean): boolean {
  const [name, , extra] = tag;
  switch (name) {
    case "required":
      return v !== "";
    case "number":
      return /^[0-9]+$/.test(v);
    case "numeric":
      return _isNumeric(v);
    case "alpha":
      return /^[A-Za-z]+$/.test(v);
    case "alphanum":
      return /^[A-Za-z0-9]+$/.test(v);
    case "uuid":
      return _isUUID(v, 0);
    case "uuid3":
    case "uuid4":
    case "uuid5":
      return _isUUID(v, Number(name.slice(4)));
    case "oneof":
      return Array.isArray(extra) && extra.includes(v);
  }
  let x: number;
  if (numeric) {
    if (!_isNumeric(v)) {
      return false;
    }
    x = Number(v);
  } else {
    x = [...v].length;
  }
  const b = typeof extra === "number" ? extra : NaN;
  switch (name) {
    case "len":
      return x === b;
    case "min":
    case "gte":
      return x >= b;
    case "max":
    case "lte":
      return x <= b;
    case "gt":
      return x > b;
    case "lt":
      return x < b;
  }
  return false;
}

function _isNumeric(v: string): boolean {
  return /^[-+]?[0-9]+(\.[0-9]+)?$/.test(v);
}

function _isUUID(v: string, version: number): boolean {
  if (!/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(v)) {
    return false;
  }
  return version === 0 || v.charAt(14) === String(version) && "89abAB".includes(v.charAt(19));
}

function _termReason(term: readonly _Tag[], v: string, numeric: boolean): string {
  if (term.length === 1) {
    return _reason(_nth(term, 0), v, numeric);
  }
  return "meets none of " + term.map(([name, arg]) => (arg !== "" ? name + "=" + arg : name)).join(" | ");
}

function _reason(tag: _Tag, v: string, numeric: boolean): string {
  const [name, arg, extra] = tag;
  switch (name) {
    case "required":
      return "is empty";
    case "number":
      return "is not a number";
    case "numeric":
      return "is not a decimal number";
    case "alpha":
      return "is not only ASCII letters";
    case "alphanum":
      return "is not only ASCII letters and digits";
    case "uuid":
      return "is not a UUID";
    case "uuid3":
    case "uuid4":
    case "uuid5":
      return "is not a version " + name.slice(4) + " UUID";
    case "oneof":
      return "is not one of " + (Array.isArray(extra) ? extra.join(", ") : arg);
  }
  if (numeric && !_isNumeric(v)) {
    return "is not a number";
  }
  const reasons: Record<string, string> = numeric
    ? { len: "is not " + arg, min: "is less than " + arg, gte: "is less than " + arg, max: "is more than " + arg, lte: "is more than " + arg, gt: "is not more than " + arg, lt: "is not less than " + arg }
    : {
        len: "is not " + arg + " characters long",
        min: "is shorter than " + arg + " characters",
        gte: "is shorter than " + arg + " characters",
        max: "is longer than " + arg + " characters",
        lte: "is longer than " + arg + " characters",
        gt: "is not longer than " + arg + " characters",
        lt: "is not shorter than " + arg + " characters",
      };
  return reasons[name] ?? "";
}

const _hex = "0123456789ABCDEF";

/** Go's url.PathEscape: every UTF-8 byte escaped but letters, digits and -_.~$&+:=@. */
function _escape(s: string): string {
  return _percent(s, /[A-Za-z0-9\-_.~$&+:=@]/, false);
}

/** Go's core.EscapeCatchAll: each segment escaped, its slashes kept. */
function _escapeCatchAll(v: string): string {
  return v.split("/").map(_escape).join("/");
}

/** Go's url.QueryEscape: every UTF-8 byte escaped but letters, digits and -_.~, a space as "+". */
function _queryEscape(s: string): string {
  return _percent(s, /[A-Za-z0-9\-_.~]/, true);
}

/** The UTF-8 bytes of code point n (a lone surrogate's as WTF-8: _value refuses those). */
function _utf8(n: number): number[] {
  if (n < 0x80) {
    return [n];
  }
  if (n < 0x800) {
    return [0xc0 | n >> 6, 0x80 | n & 63];
  }
  if (n < 0x10000) {
    return [0xe0 | n >> 12, 0x80 | n >> 6 & 63, 0x80 | n & 63];
  }
  return [0xf0 | n >> 18, 0x80 | n >> 12 & 63, 0x80 | n >> 6 & 63, 0x80 | n & 63];
}

function _percent(s: string, keep: RegExp, plus: boolean): string {
  let out = "";
  for (const c of s) {
    if (keep.test(c)) {
      out += c;
    } else if (plus && c === " ") {
      out += "+";
    } else {
      for (const b of _utf8(c.codePointAt(0) ?? 0)) {
        out += "%" + _hex.charAt(b >> 4) + _hex.charAt(b & 15);
      }
    }
  }
  return out;
}

/** Go's url.Values.Encode of one value a key, the keys sorted as Go sorts strings (by code point). */
function _query(route: _Route, query: Readonly<Record<string, string | number | bigint | boolean>>, subdomainArg: boolean): string {
  const keys = Object.keys(query).sort((a, b) => _compareCodePoints(a, b));
  const pairs: string[] = [];
  for (const key of keys) {
    if (route.params.some((p) => p.name === key) || key === "subdomain" && subdomainArg) {
      throw new Error("routegen: route " + _quote(route.name) + ": query key " + _quote(key) + " is an argument of the route's path");
    }
    const v = _own(query, key) ? query[key] : undefined;
    const text = typeof v === "number" && Number.isInteger(v) ? BigInt(v).toString() : String(v);
    pairs.push(_queryEscape(key) + "=" + _queryEscape(text));
  }
  return pairs.length > 0 ? "?" + pairs.join("&") : "";
}

function _compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < x.length && i < y.length; i++) {
    const d = (_nth(x, i).codePointAt(0) ?? 0) - (_nth(y, i).codePointAt(0) ?? 0);
    if (d !== 0) {
      return d;
    }
  }
  return x.length - y.length;
}

/** What a name routeURL takes stands for, as the Go side's core.ReadRouteName reads it for a builder of no request: a route, or a domain's origin ("host"), with the subdomain a label gave and the anchor after "#". */
interface _Target {
  readonly route: number | undefined; // of _routes; undefined for the origin of domain
  readonly domain: number;
  readonly label: string | undefined; // the subdomain a label gave a wildcard domain
  readonly anchor: string;
}

/** core.ReadRouteName: routegen's names ("name", "domain_key.name"), then aah's ("host", "label.name", "label.host"), each followed by "#anchor"; undefined when the name stands for nothing. */
function _readName(full: string): _Target | undefined {
  const hash = full.indexOf("#");
  const name = hash < 0 ? full : full.slice(0, hash);
  const anchor = hash < 0 ? "" : full.slice(hash + 1);
  const dot = name.indexOf(".");
  let domain = _root;
  let short = name;
  let label: string | undefined;
  if (dot >= 0) {
    const prefix = name.slice(0, dot);
    short = name.slice(dot + 1);
    domain = _domains.findIndex((d) => d.key === prefix);
    if (domain < 0) {
      [domain, label] = _labelled(prefix);
      if (domain < 0) {
        return undefined;
      }
      if (!_nth(_domains, domain).host.startsWith("*.")) {
        label = undefined;
      }
    }
  }
  const route = _names.get(_nth(_domains, domain).key + "." + short);
  if (route === undefined && short !== "host") {
    return undefined;
  }
  return { route, domain, label, anchor };
}

/** core.LabelledDomain outside a request: the first domain marked a subdomain whose host (as the builder's hosts give it) begins with label, else the first wildcard domain, at that subdomain; [-1, ""] when there is none. */
function _labelled(label: string): [number, string] {
  const lower = label.toLowerCase();
  const found = _domains.findIndex((d) => {
    if (d.subdomain !== true || d.host.startsWith("*.")) {
      return false;
    }
    let host = d.host;
    const given = _own(_context.hosts, d.key) ? _context.hosts[d.key] : undefined;
    if (given !== undefined) {
      host = _splitAddress(given)[0];
    } else if (d.hostEnv !== undefined) {
      try {
        host = _envDefault(d, d.hostEnv, "host");
      } catch {
        return false; // unset: no label names it
      }
    }
    return host.split(".")[0]?.toLowerCase() === lower;
  });
  if (found >= 0) {
    return [found, lower];
  }
  return [_domains.findIndex((d) => d.host.startsWith("*.")), lower];
}

/** Go's url.URL.EscapedFragment: every UTF-8 byte escaped but letters, digits and -_.~$&+,/:;=?@!()*. */
function _anchor(anchor: string): string {
  return anchor === "" ? "" : "#" + _percent(anchor, /[A-Za-z0-9\-_.~$&+,/:;=?@!()*]/, false);
}

/** Go's RouteURLNamedArgs: the route by name, its arguments by name, checked. */
function _routeURL(name: string, params: Readonly<Record<string, unknown>>, query: Readonly<Record<string, string | number | bigint | boolean>>): string {
  const target = _readName(name);
  if (target === undefined) {
    const short = name.split("#")[0] ?? "";
    const others = [..._names.keys()].filter((n) => n.endsWith("." + short) && !n.startsWith(_nth(_domains, _root).key + "."));
    if (!short.includes(".") && others.length > 0) {
      throw new Error("routegen: no route named " + _quote(name) + " in the root domain; did you mean " + others.map(_quote).join(" or ") + "?");
    }
    throw new Error("routegen: no route named " + _quote(name));
  }
  const wildcard = _nth(_domains, target.domain).host.startsWith("*.");
  const subdomainArg = wildcard && target.label === undefined;
  let subdomain = target.label ?? "";
  if (subdomainArg && !_own(params, "subdomain")) {
    throw new Error("routegen: route " + _quote(name) + " of a wildcard domain needs the argument \"subdomain\"");
  }
  if (target.route === undefined) {
    const extra = [...Object.keys(params), ...Object.keys(query)].filter((k) => !(subdomainArg && k === "subdomain")).sort((a, b) => _compareCodePoints(a, b));
    if (extra.length > 0) {
      throw new Error("routegen: " + _quote(name) + ", the origin of a domain, takes no arguments but a wildcard domain's subdomain, got " + _quote(_nth(extra, 0)));
    }
    if (subdomainArg) {
      subdomain = String(params["subdomain"]);
    }
    if (wildcard && (!/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(subdomain) || _badPunycode(subdomain) !== "")) {
      throw new Error("routegen: " + _quote(name) + ": subdomain " + _quote(subdomain) + " is not one DNS label (1 to 63 letters, digits and hyphens, no hyphen first or last)");
    }
    return _origin(target.domain, subdomain) + _anchor(target.anchor);
  }
  const route = _nth(_routes, target.route);
  if (subdomainArg) {
    subdomain = _subdomain(route, params["subdomain"]);
  } else if (wildcard) {
    subdomain = _subdomain(route, subdomain);
  }
  const values = route.params.map((p) => {
    if (!_own(params, p.name)) {
      throw new Error("routegen: route " + _quote(name) + " needs the path parameter " + _quote(p.name));
    }
    return _value(route, p, params[p.name]);
  });
  return _build(route, subdomain, values, true) + _query(route, query, subdomainArg) + _anchor(target.anchor);
}

/** Go's strconv.Quote, but that a character Go would not print as it is may differ in Unicode's newest versions. */
function _quote(s: string): string {
  let out = "\"";
  for (const c of s) {
    const n = c.codePointAt(0) ?? 0;
    switch (c) {
      case "\"":
        out += "\\\"";
        continue;
      case "\\":
        out += "\\\\";
        continue;
      case "\x07":
        out += "\\a";
        continue;
      case "\b":
        out += "\\b";
        continue;
      case "\f":
        out += "\\f";
        continue;
      case "\n":
        out += "\\n";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\t":
        out += "\\t";
        continue;
      case "\v":
        out += "\\v";
        continue;
    }
    if (n >= 0xd800 && n <= 0xdfff) {
      out += "\\ufffd"; // Go has no such character: a lone surrogate is its invalid UTF-8
    } else if (c === " " || /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(c)) {
      out += c;
    } else if (n < 0x80) {
      out += "\\x" + n.toString(16).padStart(2, "0");
    } else if (n < 0x10000) {
      out += "\\u" + n.toString(16).padStart(4, "0");
    } else {
      out += "\\U" + n.toString(16).padStart(8, "0");
    }
  }
  return out + "\"";
}
