// Calls every operation of one OpenAPI document through openapi-fetch,
// as TestAahportThroughOpenapiFetch asks: node openapi_fetch_calls.mjs
// DOCUMENT SERVER PLAN, where SERVER is the address of the router under
// test and PLAN the JSON of the credentials and path parameters. It
// signs in through the operations of the sign-in routes first, then
// calls each other operation with each alternative of its security, and
// prints, as JSON, what each call answered.
import { readFileSync } from "node:fs";
import http from "node:http";
import createClient from "openapi-fetch";

const [docPath, server, planJSON] = process.argv.slice(2);
const doc = JSON.parse(readFileSync(docPath, "utf8"));
const plan = JSON.parse(planJSON);

// serverFetch sends every request to the router under test, with the
// Host of the document's server, as the Go clients' dialer does: fetch
// itself connects to the host it names and sends no Host of its own.
async function serverFetch(request) {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const [host, port] = server.split(":");
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host, port, method: request.method, path: url.pathname + url.search, headers: { ...Object.fromEntries(request.headers), host: url.host } },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of [].concat(value)) headers.append(name, v);
          }
          const empty = [204, 304].includes(res.statusCode) || request.method === "HEAD";
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status: res.statusCode, headers }));
        });
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

const server0 = doc.servers[0];
let baseUrl = server0.url;
for (const [name, v] of Object.entries(server0.variables ?? {})) baseUrl = baseUrl.replaceAll(`{${name}}`, v.default);
const client = createClient({ baseUrl, fetch: serverFetch });

// parseAs is how the answer is read, from the content type the document
// gives the operation's 200: JSON only where it says JSON.
function parseAs(op) {
  const types = Object.keys(op.responses?.["200"]?.content ?? {});
  if (types.some((t) => t.includes("json"))) return "json";
  if (types.length === 0 || types.some((t) => t.startsWith("text/"))) return "text";
  return "arrayBuffer";
}

function sessionOf(response, cookie) {
  for (const c of response.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const i = pair.indexOf("=");
    if (pair.slice(0, i) === cookie) return pair.slice(i + 1);
  }
  return "";
}

const operations = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const method of ["get", "put", "post", "delete", "options", "head", "patch", "trace"]) {
    if (item[method]) operations.push({ path, method: method.toUpperCase(), op: item[method] });
  }
}

const results = [];
const sessions = {};
const cookieOf = (scheme) => doc.components.securitySchemes[scheme].name;

// The sign-in routes: the form's login submit, then the oauth2 login,
// the provider's approval and the callback.
const signIn = operations.filter((o) => o.op["x-routegen-added-by"]);
for (const o of signIn.filter((o) => o.op.requestBody)) {
  const props = Object.keys(o.op.requestBody.content["application/x-www-form-urlencoded"].schema.properties);
  const form = Object.fromEntries(props.filter((p) => p !== "_rt").map((p) => [p, /pass/i.test(p) ? plan.password : plan.user]));
  const { response } = await client.request(o.method, o.path, {
    body: form,
    bodySerializer: (b) => new URLSearchParams(b).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    parseAs: "text",
  });
  const scheme = o.op["x-routegen-added-by"];
  sessions[scheme] = sessionOf(response, cookieOf(scheme));
  results.push({ id: o.op.operationId, status: response.status, location: response.headers.get("location"), session: sessions[scheme] });
}
for (const login of signIn.filter((o) => !o.op.requestBody && !(o.op.parameters ?? []).some((p) => p.name === "state"))) {
  const scheme = login.op["x-routegen-added-by"];
  const { response } = await client.request(login.method, login.path, { parseAs: "text" });
  results.push({ id: login.op.operationId, status: response.status, location: response.headers.get("location") });
  const withState = sessionOf(response, cookieOf(scheme));
  const approved = await fetch(response.headers.get("location"), { redirect: "manual" });
  const back = new URL(approved.headers.get("location"));
  const callback = signIn.find((o) => o.op["x-routegen-added-by"] === scheme && o !== login && !o.op.requestBody);
  const answer = await client.request(callback.method, callback.path, {
    params: { query: { code: back.searchParams.get("code"), state: back.searchParams.get("state") } },
    headers: { Cookie: `${cookieOf(scheme)}=${withState}` },
    parseAs: "text",
  });
  sessions[scheme] = sessionOf(answer.response, cookieOf(scheme));
  results.push({ id: callback.op.operationId, status: answer.response.status, location: answer.response.headers.get("location"), session: sessions[scheme] });
}

// credentials are the headers of one alternative of an operation's
// security, each scheme sent as the document says.
function credentials(requirement) {
  const headers = {};
  const cookies = [];
  for (const name of Object.keys(requirement)) {
    const s = doc.components.securitySchemes[name];
    if (s.type === "http" && s.scheme === "basic") headers.Authorization = "Basic " + Buffer.from(`${plan.user}:${plan.password}`).toString("base64");
    else if (s.type === "apiKey" && s.in === "header") headers[s.name] = plan.apiKey;
    else if (s.type === "apiKey" && s.in === "cookie") cookies.push(`${s.name}=${sessions[name]}`);
    else throw new Error(`security scheme ${name}: no credentials of the kind`);
  }
  if (cookies.length) headers.Cookie = cookies.join("; ");
  return headers;
}

for (const o of operations.filter((o) => !o.op["x-routegen-added-by"])) {
  const requirements = o.op.security?.length ? o.op.security : [{}];
  for (const requirement of requirements) {
    const { data, error, response } = await client.request(o.method, o.path, {
      params: { path: plan.params[o.op.operationId] ?? {} },
      headers: credentials(requirement),
      parseAs: parseAs(o.op),
    });
    const body = data ?? error;
    results.push({
      id: o.op.operationId,
      schemes: Object.keys(requirement).sort().join("+"),
      status: response.status,
      reached: response.headers.get("x-reached"),
      contentType: response.headers.get("content-type"),
      body: body instanceof ArrayBuffer ? Buffer.from(body).toString() : typeof body === "string" ? body : JSON.stringify(body),
    });
  }
}
console.log(JSON.stringify(results));
