// Validates an AsyncAPI document with the AsyncAPI parser (the reference validator):
//   node scripts/validate-asyncapi.mjs FILE   exits 1 and prints each problem if any.
import { readFile } from "node:fs/promises";
import { Parser } from "@asyncapi/parser";

const file = process.argv[2];
if (!file) throw new Error("usage: node scripts/validate-asyncapi.mjs FILE");
const parser = new Parser();
const { document, diagnostics } = await parser.parse(await readFile(file, "utf8"));
const errors = diagnostics.filter((d) => d.severity === 0);
for (const d of diagnostics) {
  console.log(`${["error", "warning", "info", "hint"][d.severity]} ${d.code} at ${d.path.join(".")}: ${d.message}`);
}
if (!document || errors.length) process.exit(1);
console.log(`valid: AsyncAPI ${document.version()}, ${document.channels().length} channels, ${document.messages().length} messages`);
