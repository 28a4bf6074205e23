// Integration tests of `seam mcp` driven by the official MCP TypeScript SDK client.
//
//     node tests/mcp/client.mjs SEAM_BINARY
//
// Each scenario starts the server in a fresh temporary project (its working directory, which
// is the root the tools are confined to). Ends with "N passed, N failed".
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import assert from "node:assert/strict";

const seam = path.resolve(process.argv[2] || "build/seam");
const GREET = 'def greet(name):\n    return "Hello " + name\n';
const FIX = [
  "Here is the change:",
  "",
  "greet.py",
  "```python",
  "<<<<<<< SEARCH",
  '    return "Hello " + name',
  "=======",
  '    return f"Hello, {name}!"',
  ">>>>>>> REPLACE",
  "```",
  "",
].join("\n");
const WRONG = FIX.replace('"Hello " + name\n=', '"Howdy " + name\n=');

function project() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seam-mcp-"));
  fs.writeFileSync(path.join(dir, "greet.py"), GREET);
  return dir;
}

async function connect(dir) {
  const transport = new StdioClientTransport({ command: seam, args: ["mcp"], cwd: dir, stderr: "pipe" });
  const client = new Client({ name: "seam-tests", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

const text = (r) => r.content.map((c) => c.text).join("");

const tests = {
  async "initialize and list the tools"() {
    const dir = project();
    const { client } = await connect(dir);
    const info = client.getServerVersion();
    assert.equal(info.name, "seam");
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ["apply_edit", "locate", "prompt", "view"]);
    for (const t of tools) {
      assert.equal(t.inputSchema.type, "object");
      assert.ok(t.description.length > 20);
    }
    assert.deepEqual(tools.find((t) => t.name === "apply_edit").inputSchema.required, ["reply"]);
    await client.ping();
    await client.close();
  },

  async "apply an edit"() {
    const dir = project();
    const { client } = await connect(dir);
    const r = await client.callTool({ name: "apply_edit", arguments: { reply: FIX } });
    assert.equal(r.isError, false, text(r));
    assert.match(text(r), /greet\.py/);
    assert.equal(fs.readFileSync(path.join(dir, "greet.py"), "utf8"), GREET.replace('"Hello " + name', 'f"Hello, {name}!"'));
    assert.equal(r.structuredContent.written, true);
    assert.equal(r.structuredContent.ok, true);
    await client.close();
  },

  async "a dry run writes nothing"() {
    const dir = project();
    const { client } = await connect(dir);
    const r = await client.callTool({ name: "apply_edit", arguments: { reply: FIX, dry_run: true } });
    assert.equal(r.isError, false, text(r));
    assert.equal(r.structuredContent.written, false);
    assert.equal(r.structuredContent.dry_run, true);
    assert.equal(fs.readFileSync(path.join(dir, "greet.py"), "utf8"), GREET);
    await client.close();
  },

  async "a failing apply is an error result with the feedback"() {
    const dir = project();
    const { client } = await connect(dir);
    const r = await client.callTool({ name: "apply_edit", arguments: { reply: WRONG } });
    assert.equal(r.isError, true);
    assert.match(text(r), /Howdy/);
    assert.match(text(r), /not found/);
    assert.equal(r.structuredContent.written, false);
    assert.equal(fs.readFileSync(path.join(dir, "greet.py"), "utf8"), GREET);
    // a reply with no edit at all
    const none = await client.callTool({ name: "apply_edit", arguments: { reply: "Sure, happy to help!" } });
    assert.equal(none.isError, true);
    assert.match(text(none), /no edit/i);
    // wrong arguments are a tool error too, and the server goes on
    const bad = await client.callTool({ name: "apply_edit", arguments: { reply: 42 } });
    assert.equal(bad.isError, true);
    assert.match(text(bad), /needs 'reply'/);
    await client.ping();
    await client.close();
  },

  async "a path escape is refused and nothing is written outside"() {
    const dir = project();
    const victim = path.join(path.dirname(dir), path.basename(dir) + "-victim.txt");
    const { client } = await connect(dir);
    for (const p of ["../" + path.basename(victim), victim, "sub/../../" + path.basename(victim), ".git/config"]) {
      const r = await client.callTool({ name: "apply_edit", arguments: { reply: p + "\n```\npwned\n```\n" } });
      assert.equal(r.isError, true, p);
      assert.equal(fs.existsSync(victim), false, p);
    }
    const v = await client.callTool({ name: "view", arguments: { path: "../../../../../../etc/passwd" } });
    assert.equal(v.isError, true);
    assert.doesNotMatch(text(v), /root:/);
    fs.symlinkSync("/etc", path.join(dir, "etc"));
    const l = await client.callTool({ name: "view", arguments: { path: "etc/passwd" } });
    assert.equal(l.isError, true);
    assert.doesNotMatch(text(l), /root:/);
    await client.close();
  },

  async "view and locate"() {
    const dir = project();
    const { client } = await connect(dir);
    const v = await client.callTool({ name: "view", arguments: { path: "greet.py", start_line: 2 } });
    assert.equal(v.isError, false, text(v));
    assert.equal(text(v), '     2\u2502    return "Hello " + name\n');
    const plain = await client.callTool({ name: "view", arguments: { path: "greet.py", line_numbers: false } });
    assert.equal(text(plain), GREET);
    const l = await client.callTool({ name: "locate", arguments: { path: "greet.py", snippet: "    return 'Hello ' + name\n" } });
    assert.equal(l.isError, false, text(l));
    assert.equal(l.structuredContent.status, "found");
    assert.equal(l.structuredContent.regions[0].start_line, 2);
    assert.equal(l.structuredContent.regions[0].text, '    return "Hello " + name\n');
    const miss = await client.callTool({ name: "locate", arguments: { path: "nope.py", snippet: "x" } });
    assert.equal(miss.isError, true);
    await client.close();
  },

  async "the prompt of a format, with a file as that format shows it"() {
    const dir = project();
    const { client } = await connect(dir);
    const r = await client.callTool({ name: "prompt", arguments: { format: "lndiff", files: ["greet.py"] } });
    assert.equal(r.isError, false, text(r));
    assert.match(text(r), /REMOVE/);
    assert.match(text(r), /greet\.py/);
    assert.match(text(r), /2\u2502    return "Hello " \+ name/);
    const plain = await client.callTool({ name: "prompt", arguments: {} });
    assert.match(text(plain), /SEARCH/);
    const bad = await client.callTool({ name: "prompt", arguments: { format: "klingon" } });
    assert.equal(bad.isError, true);
    const out = await client.callTool({ name: "prompt", arguments: { format: "udiff", files: ["../../etc/passwd"] } });
    assert.equal(out.isError, true);
    assert.doesNotMatch(text(out), /root:/);
    await client.close();
  },

  async "malformed requests get errors and the server goes on"() {
    const dir = project();
    const { client, transport } = await connect(dir);
    await assert.rejects(client.request({ method: "no/such/method", params: {} }, (await import("@modelcontextprotocol/sdk/types.js")).EmptyResultSchema), /not found/i);
    const r = await client.callTool({ name: "no_such_tool", arguments: {} }).then(
      (x) => ({ ok: x }), (e) => ({ err: e }));
    assert.ok(r.err || r.ok.isError, "an unknown tool is refused");
    // a raw message with params of the wrong type
    await transport.send({ jsonrpc: "2.0", id: 9999, method: "tools/call", params: [1, 2] });
    await client.ping();
    const ok = await client.callTool({ name: "apply_edit", arguments: { reply: FIX } });
    assert.equal(ok.isError, false, text(ok));
    await client.close();
  },

  async "a client that disconnects mid-call"() {
    // Raw process: the request is sent and the pipes closed at once, before any answer.
    const dir = project();
    const lines = [];
    for (let i = 0; i < 300; i++) lines.push(`f${i}.py\n\`\`\`\nx = ${i}\n\`\`\`\n`);
    const call = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "apply_edit", arguments: { reply: lines.join("\n") } } };
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } };
    const child = spawn(seam, ["mcp"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.write(JSON.stringify(init) + "\n" + JSON.stringify(call) + "\n");
    child.stdin.end();
    child.stdout.destroy();
    const code = await new Promise((res) => child.on("exit", (c, sig) => res(sig || c)));
    assert.equal(code, 0, "the server ends cleanly when its client is gone");
    const made = fs.readdirSync(dir).filter((n) => /^f\d+\.py$/.test(n)).length;
    assert.ok(made === 0 || made === 300, `all or nothing: ${made} of 300 files written`);
    assert.deepEqual(fs.readdirSync(dir).filter((n) => n.startsWith(".seam")), []);
  },
};

let passed = 0, failed = 0;
for (const [name, fn] of Object.entries(tests)) {
  try {
    await fn();
    passed++;
    console.log(`ok    ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL  ${name}\n      ${String(e && e.stack || e).split("\n").join("\n      ")}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
