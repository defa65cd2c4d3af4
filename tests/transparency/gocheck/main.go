// Command gocheck verifies a club's transparency log as served, with Go's own
// implementation (golang.org/x/mod/sumdb/note and sumdb/tlog): the checkpoint's signature
// (note.Open with the log's verifier key), the public tiles against the signed root
// (tlog.TileHashReader, tlog.TreeHash), inclusion of every leaf (tlog.ProveRecord,
// tlog.CheckRecord), a receipt (a C2SP tlog-proof) and the consistency of an older
// checkpoint (tlog.ProveTree, tlog.CheckTree).
//
// Go's tiles are named tile/H/L/N (with the height); C2SP tlog-tiles drops the H (always
// 8): the reader maps one to the other. Built offline from Debian's packages
// (GOPATH=/usr/share/gocode); tests/transparency/test_go_check.py runs it.
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type checkpoint struct {
	origin string
	tree   tlog.Tree
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "FAIL: "+format+"\n", args...)
	os.Exit(1)
}

func fetch(url string) []byte {
	resp, err := http.Get(url)
	if err != nil {
		fail("%s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		fail("%s: HTTP %d %v", url, resp.StatusCode, err)
	}
	return body
}

// open checks the log's signature with note.Open and reads the checkpoint's three lines.
func open(msg []byte, verifier note.Verifier) checkpoint {
	n, err := note.Open(msg, note.VerifierList(verifier))
	if err != nil {
		fail("note.Open: %v", err)
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 {
		fail("checkpoint: too few lines")
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		fail("checkpoint size: %v", err)
	}
	root, err := tlog.ParseHash(lines[2])
	if err != nil {
		fail("checkpoint root: %v", err)
	}
	if lines[0] != verifier.Name() {
		fail("checkpoint origin %q is not the key's name %q", lines[0], verifier.Name())
	}
	return checkpoint{lines[0], tlog.Tree{N: size, Hash: root}}
}

// tiles reads C2SP tiles for Go's tlog, mapping tile/8/L/N to tile/L/N.
type tiles struct{ prefix string }

func (t tiles) Height() int { return 8 }
func (t tiles) ReadTiles(ts []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(ts))
	for i, tile := range ts {
		path := strings.Replace(tile.Path(), "tile/8/", "tile/", 1)
		out[i] = fetch(t.prefix + "/" + path)
	}
	return out, nil
}
func (t tiles) SaveTiles(ts []tlog.Tile, data [][]byte) {}

func main() {
	prefix := flag.String("prefix", "", "the log's public prefix URL")
	vkey := flag.String("key", "", "the log's verifier key")
	receipt := flag.String("receipt", "", "a tlog-proof file to check")
	old := flag.String("old", "", "an older checkpoint to check consistency with")
	flag.Parse()
	verifier, err := note.NewVerifier(*vkey)
	if err != nil {
		fail("note.NewVerifier: %v", err)
	}
	latest := open(fetch(*prefix+"/checkpoint"), verifier)
	fmt.Printf("ok note.Open: %s, %d entries\n", latest.origin, latest.tree.N)

	reader := tlog.TileHashReader(latest.tree, tiles{*prefix})
	root, err := tlog.TreeHash(latest.tree.N, reader)
	if err != nil || root != latest.tree.Hash {
		fail("tlog.TreeHash over the tiles: %v (%v)", root, err)
	}
	fmt.Printf("ok tlog.TreeHash over the tiles gives the signed root\n")

	for n := int64(0); n < latest.tree.N; n++ {
		leaf, err := reader.ReadHashes([]int64{tlog.StoredHashIndex(0, n)})
		if err != nil {
			fail("leaf %d: %v", n, err)
		}
		proof, err := tlog.ProveRecord(latest.tree.N, n, reader)
		if err != nil {
			fail("tlog.ProveRecord %d: %v", n, err)
		}
		if err := tlog.CheckRecord(proof, latest.tree.N, latest.tree.Hash, n, leaf[0]); err != nil {
			fail("tlog.CheckRecord %d: %v", n, err)
		}
	}
	fmt.Printf("ok tlog.CheckRecord for every one of the %d entries\n", latest.tree.N)

	if *receipt != "" {
		checkReceipt(*receipt, verifier)
	}
	if *old != "" {
		data, err := os.ReadFile(*old)
		if err != nil {
			fail("%v", err)
		}
		before := open(data, verifier)
		proof, err := tlog.ProveTree(latest.tree.N, before.tree.N, reader)
		if err != nil {
			fail("tlog.ProveTree: %v", err)
		}
		if err := tlog.CheckTree(proof, latest.tree.N, latest.tree.Hash, before.tree.N, before.tree.Hash); err != nil {
			fail("tlog.CheckTree from %d to %d: %v", before.tree.N, latest.tree.N, err)
		}
		fmt.Printf("ok tlog.CheckTree: %d entries extend %d\n", latest.tree.N, before.tree.N)
	}
}

// checkReceipt reads a C2SP tlog-proof and checks it with tlog.CheckRecord.
func checkReceipt(path string, verifier note.Verifier) {
	data, err := os.ReadFile(path)
	if err != nil {
		fail("%v", err)
	}
	head, signed, found := bytes.Cut(data, []byte("\n\n"))
	if !found {
		fail("receipt: no blank line")
	}
	scanner := bufio.NewScanner(bytes.NewReader(head))
	var extra []byte
	var index int64 = -1
	var proof tlog.RecordProof
	for line := 0; scanner.Scan(); line++ {
		text := scanner.Text()
		switch {
		case line == 0:
			if text != "c2sp.org/tlog-proof@v1" {
				fail("receipt: header %q", text)
			}
		case strings.HasPrefix(text, "extra "):
			extra, err = base64.StdEncoding.DecodeString(text[6:])
		case strings.HasPrefix(text, "index "):
			index, err = strconv.ParseInt(text[6:], 10, 64)
		default:
			var h tlog.Hash
			h, err = tlog.ParseHash(text)
			proof = append(proof, h)
		}
		if err != nil {
			fail("receipt line %d: %v", line, err)
		}
	}
	at := open(signed, verifier)
	if err := tlog.CheckRecord(proof, at.tree.N, at.tree.Hash, index, tlog.RecordHash(extra)); err != nil {
		fail("receipt: tlog.CheckRecord index %d: %v", index, err)
	}
	fmt.Printf("ok receipt: tlog.CheckRecord index %d in the tree of %d\n", index, at.tree.N)
}
