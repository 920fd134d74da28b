// Bundles the Activity (src/ and the pinned SDK) into the bot's package data: bot/web/activity_app/app.js.
// Its first line names the sha256 of what it was built from (this file, src/, package-lock.json), which
// tests/web/test_activity_bundle.py checks; `npm ci && npm run build` reproduces it byte for byte.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] || join(here, "..", "..", "bot", "web", "activity_app", "app.js");
const sources = ["build.mjs", "package-lock.json", ...readdirSync(join(here, "src")).sort().map((n) => "src/" + n)];
const digest = createHash("sha256");
for (const name of sources) {
  digest.update(name + "\0");
  digest.update(readFileSync(join(here, name)));
  digest.update("\0");
}
const result = await esbuild.build({
  entryPoints: [join(here, "src", "main.js")], bundle: true, minify: true, format: "iife", target: "es2020",
  legalComments: "none", write: false, logLevel: "warning",
});
const banner = `/* dueltable-activity sources-sha256 ${digest.digest("hex")} (web/activity: npm ci && npm run build) */\n`;
writeFileSync(out, banner + result.outputFiles[0].text);
