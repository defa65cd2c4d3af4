// Checks a receipt (C2SP tlog-proof) in the browser, against the club's public checkpoint
// and tiles on this service (C2SP tlog-tiles): the log's Ed25519 signature (WebCrypto),
// the RFC 9162 inclusion proof, the witnesses' cosignatures (tlog-cosignature/v1) and that
// the latest checkpoint extends the receipt's (a consistency proof computed from the
// tiles). The same checks as `python -m tlog` (tlog/merkle.py, tlog/note.py).
(function () {
  "use strict";
  const W = JSON.parse(document.getElementById("verify-words").textContent);
  const form = document.getElementById("verify-form");
  const out = document.getElementById("verify-result");
  const enc = new TextEncoder();
  const DASH = "\u2014";

  class Refusal extends Error {
    constructor(key, values) { super(key); this.key = key; this.values = values || {}; }
  }
  const say = (key, values) => W[key].replace(/%\((\w+)\)s/g, (_, k) => String((values || {})[k]));
  const malformed = (detail) => new Refusal("malformed", { detail });

  function unb64(text, what) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4) throw malformed(what + " is not base64");
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  }
  const cat = (...parts) => {
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { all.set(p, at); at += p.length; }
    return all;
  };
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const leafHash = (data) => sha256(cat(new Uint8Array([0]), data));
  const nodeHash = (l, r) => sha256(cat(new Uint8Array([1]), l, r));

  function parseProof(text) {
    text = text.replace(/\r\n/g, "\n").replace(/^\ufeff/, "");
    const cut = text.indexOf("\n\n");
    if (cut < 0) throw malformed("no blank line before its checkpoint");
    const lines = text.slice(0, cut).split("\n");
    if (lines[0] !== "c2sp.org/tlog-proof@v1") throw malformed("it does not start with c2sp.org/tlog-proof@v1");
    let i = 1, extra = null;
    if ((lines[i] || "").startsWith("extra ")) extra = unb64(lines[i++].slice(6), "the extra line");
    const m = /^index (0|[1-9][0-9]*)$/.exec(lines[i++] || "");
    if (!m) throw malformed("no index line");
    const hashes = lines.slice(i).map((l, n) => {
      const h = unb64(l, "proof line " + (n + 1));
      if (h.length !== 32) throw malformed("proof line " + (n + 1) + " is not a hash");
      return h;
    });
    if (extra === null) throw malformed("it carries no event");
    return { index: Number(m[1]), hashes, extra, note: text.slice(cut + 2) };
  }

  function parseNote(raw) {
    const cut = raw.lastIndexOf("\n\n");
    if (cut < 0 || !raw.endsWith("\n")) throw malformed("the checkpoint has no signatures");
    const text = raw.slice(0, cut + 1);
    const sigs = raw.slice(cut + 2).split("\n").filter(Boolean).map((line) => {
      const m = new RegExp("^" + DASH + " (\\S+) (\\S+)$").exec(line);
      if (!m) throw malformed("not a signature line");
      const data = unb64(m[2], "a signature");
      return { name: m[1], id: data.slice(0, 4), sig: data.slice(4) };
    });
    const lines = text.split("\n");
    if (lines.length < 4 || !/^(0|[1-9][0-9]*)$/.test(lines[1])) throw malformed("not a checkpoint");
    const root = unb64(lines[2], "the root hash");
    return { text, sigs, origin: lines[0], size: Number(lines[1]), root };
  }

  async function parseVkey(vkey) {
    const parts = vkey.trim().split("+");
    if (parts.length < 3) throw malformed("a verifier key is <name>+<id>+<key>");
    const name = parts[0], raw = unb64(parts.slice(2).join("+"), "the key");
    if (raw.length !== 33) throw malformed("not an Ed25519 key");
    const id = (await sha256(cat(enc.encode(name + "\n"), raw))).slice(0, 4);
    if (Array.from(id, (b) => b.toString(16).padStart(2, "0")).join("") !== parts[1].toLowerCase()) {
      throw malformed("the key's id does not match it");
    }
    return { name, kind: raw[0], pub: raw.slice(1), id };
  }

  async function signedBy(note, key) {
    const sig = note.sigs.find((s) => s.name === key.name && same(s.id, key.id));
    if (!sig) return null;
    let message = enc.encode(note.text), raw = sig.sig;
    if (key.kind === 4) {  // tlog-cosignature/v1: a timestamp, then the signature
      if (raw.length !== 72) return false;
      const time = new DataView(raw.buffer, raw.byteOffset, 8).getBigUint64(0);
      message = enc.encode("cosignature/v1\ntime " + time + "\n" + note.text);
      raw = raw.slice(8);
    }
    let pub;
    try {
      pub = await crypto.subtle.importKey("raw", key.pub, { name: "Ed25519" }, false, ["verify"]);
    } catch (e) { throw new Refusal("no_crypto"); }
    return (await crypto.subtle.verify({ name: "Ed25519" }, pub, raw, message)) ? sig : false;
  }

  async function verifyInclusion(leaf, index, size, proof, root) {  // RFC 9162, 2.1.3.2
    if (index >= size) return false;
    let fn = index, sn = size - 1, r = leaf;
    for (const p of proof) {
      if (sn === 0) return false;
      if (fn % 2 === 1 || fn === sn) {
        r = await nodeHash(p, r);
        while (fn % 2 === 0 && fn !== 0) { fn = Math.floor(fn / 2); sn = Math.floor(sn / 2); }
      } else {
        r = await nodeHash(r, p);
      }
      fn = Math.floor(fn / 2); sn = Math.floor(sn / 2);
    }
    return sn === 0 && same(r, root);
  }

  // The tree at `size` from the public tiles: a node is the root of 2**(h mod 8) hashes
  // of level floor(h / 8) (tlog/tiles.py).
  function tiledTree(prefix, size) {
    const tiles = new Map();
    const tilePath = (level, n, width) => {
      let d = String(n).padStart(3, "0");
      while (d.length % 3) d = "0" + d;
      const parts = d.match(/.{3}/g);
      const path = "tile/" + level + "/" + parts.slice(0, -1).map((p) => "x" + p).concat(parts.slice(-1)).join("/");
      return width === 256 ? path : path + ".p/" + width;
    };
    async function tile(level, n) {
      const count = Math.floor(size / 256 ** level), width = Math.min(256, count - n * 256);
      const key = level + "/" + n + "/" + width;
      if (!tiles.has(key)) {
        const answer = await fetch(prefix + "/" + tilePath(level, n, width));
        if (!answer.ok) throw new Refusal("unreachable", { detail: "HTTP " + answer.status });
        tiles.set(key, new Uint8Array(await answer.arrayBuffer()));
      }
      return tiles.get(key);
    }
    async function rootOf(hashes) {
      let level = hashes;
      while (level.length > 1) {
        const next = [];
        for (let i = 0; i + 1 < level.length; i += 2) next.push(await nodeHash(level[i], level[i + 1]));
        if (level.length % 2) next.push(level[level.length - 1]);
        level = next;
      }
      return level[0];
    }
    async function node(h, k) {
      const level = Math.floor(h / 8), span = 2 ** (h % 8), hashes = [];
      for (let i = k * span; i < (k + 1) * span; i++) {
        const data = await tile(level, Math.floor(i / 256));
        hashes.push(data.slice((i % 256) * 32, (i % 256) * 32 + 32));
      }
      return rootOf(hashes);
    }
    const split = (n) => 2 ** Math.floor(Math.log2(n - 1));
    async function subtree(start, end) {
      const n = end - start;
      if ((n & (n - 1)) === 0) return node(Math.log2(n), start / n);
      const k = split(n);
      return nodeHash(await subtree(start, start + k), await subtree(start + k, end));
    }
    async function subproof(m, start, end, whole) {  // RFC 6962, 2.1.2
      const n = end - start;
      if (m === n) return whole ? [] : [await subtree(start, end)];
      const k = split(n);
      if (m <= k) return [...(await subproof(m, start, start + k, whole)), await subtree(start + k, end)];
      return [...(await subproof(m - k, start + k, end, false)), await subtree(start, start + k)];
    }
    return { root: () => subtree(0, size), consistency: (old) => subproof(old, 0, size, true) };
  }

  async function verifyConsistency(old, size, oldRoot, newRoot, proof) {  // RFC 9162, 2.1.4.2
    if (!proof.length) return false;
    const path = (old & (old - 1)) === 0 ? [oldRoot, ...proof] : proof.slice();
    let fn = old - 1, sn = size - 1;
    while (fn % 2 === 1) { fn = Math.floor(fn / 2); sn = Math.floor(sn / 2); }
    let fr = path[0], sr = path[0];
    for (const c of path.slice(1)) {
      if (sn === 0) return false;
      if (fn % 2 === 1 || fn === sn) {
        fr = await nodeHash(c, fr); sr = await nodeHash(c, sr);
        while (fn % 2 === 0 && fn !== 0) { fn = Math.floor(fn / 2); sn = Math.floor(sn / 2); }
      } else {
        sr = await nodeHash(sr, c);
      }
      fn = Math.floor(fn / 2); sn = Math.floor(sn / 2);
    }
    return sn === 0 && same(fr, oldRoot) && same(sr, newRoot);
  }

  async function check(text, typedKey) {
    const done = [];
    const proof = parseProof(text);
    const note = parseNote(proof.note);
    const m = /^([^/]+)\/bourre\/([0-9a-f-]{36})$/.exec(note.origin);
    if (!m) throw malformed("its origin is not a club's log");
    if (m[1] !== location.host) throw new Refusal("other_host", { host: m[1] });
    const prefix = location.origin + "/bourre/" + m[2];
    const keys = await (await fetch("/verify/keys/" + m[2])).json();
    const logKey = await parseVkey(typedKey || keys.log);
    if (logKey.name !== note.origin || !(await signedBy(note, logKey))) throw new Refusal("bad_signature");
    done.push(say("signed", { key: logKey.name, size: note.size }));
    const leaf = new TextDecoder().decode(proof.extra);
    const l = /^bourre-event\/1\nposition ([1-9][0-9]*)\nstream table-(\S+)\ntype (\w+)\nhash ([0-9a-f]{64})\n$/.exec(leaf);
    if (!l || Number(l[1]) - 1 !== proof.index) throw malformed("its event is not a bourre-event/1 leaf at its index");
    if (!(await verifyInclusion(await leafHash(proof.extra), proof.index, note.size, proof.hashes, note.root))) {
      throw new Refusal("not_included", { index: proof.index });
    }
    done.push(say("included", { position: l[1], type: l[3], table: l[2], index: proof.index }));
    let cosigned = false;
    for (const vkey of keys.witnesses) {
      const witness = await parseVkey(vkey);
      if (await signedBy(note, witness)) { done.push(say("cosigned", { name: witness.name })); cosigned = true; }
    }
    if (!cosigned) done.push(say("not_cosigned"));
    const answer = await fetch(prefix + "/checkpoint", { cache: "no-store" });
    if (!answer.ok) throw new Refusal("unreachable", { detail: "HTTP " + answer.status });
    const latest = parseNote(await answer.text());
    if (!(await signedBy(latest, logKey))) throw new Refusal("bad_signature");
    if (latest.size < note.size) throw new Refusal("shrank", { index: latest.size });
    if (latest.size === note.size && !same(latest.root, note.root)) throw new Refusal("forked", { size: note.size });
    if (latest.size > note.size) {
      const tree = tiledTree(prefix, latest.size);
      if (!same(await tree.root(), latest.root)) throw new Refusal("not_extended");
      if (!(await verifyConsistency(note.size, latest.size, note.root, latest.root, await tree.consistency(note.size)))) {
        throw new Refusal("not_extended");
      }
    }
    done.push(say("latest", { size: latest.size }));
    done.push(say("where", { prefix, source: typedKey ? W.key_given : W.key_served }));
    return done;
  }

  function show(lines, ok) {
    out.replaceChildren();
    const list = document.createElement("ul");
    list.className = ok ? "verified" : "refused";
    for (const line of lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    out.append(list);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = document.getElementById("receipt-file").files[0];
    const text = file ? await file.text() : document.getElementById("receipt-text").value;
    try {
      if (!text.trim()) throw new Refusal("empty");
      show(await check(text, document.getElementById("receipt-key").value.trim()), true);
    } catch (error) {
      const reason = error instanceof Refusal ? say(error.key, error.values) : String(error.message || error);
      show([say("failed", { reason })], false);
    }
  });
})();
