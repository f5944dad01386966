// The front end of the example's home page: it builds the URLs of the API
// with the helpers routegen --ts wrote in ../routes/routes.ts, never by
// hand, and shows what the API answers.
import { routeURL, user, users } from "../routes/routes.js";
const out = document.getElementById("api");
if (out !== null) {
    const lines = [];
    for (const url of [users("v2"), user("v2", 42), routeURL("search", {}, { version: 2 })]) {
        const res = await fetch(url);
        lines.push(url + " → " + res.status + " " + (await res.text()).trim());
    }
    out.textContent = lines.join("\n");
}
