package main

import (
	"bytes"
	"testing"
)

// TestCountInstructionsWithoutValgrind: without valgrind the report skips
// the instruction counts instead of failing.
func TestCountInstructionsWithoutValgrind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var results bytes.Buffer
	if err := countInstructions(&results, "bench.test"); err != nil {
		t.Fatalf("countInstructions without valgrind: %v, want nil", err)
	}
	if results.Len() != 0 {
		t.Errorf("countInstructions without valgrind wrote %q, want nothing", results.String())
	}
	res, err := parse(results.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	res.printInstructions(&table)
	if !bytes.Contains(table.Bytes(), []byte("valgrind is installed")) {
		t.Errorf("the report's instruction section without counts:\n%s", table.Bytes())
	}
}

// TestInstructionTargets: the counts in the results are read back, their
// median kept, and each target judged by its ratio in instructions.
func TestInstructionTargets(t *testing.T) {
	res, err := parse([]byte(`valgrind: valgrind-3.19.0
BenchmarkCallgrind/case=GithubAll/router=routegen.api 300 145251 instr/op
BenchmarkCallgrind/case=GithubAll/router=httprouter 300 205000 instr/op
BenchmarkCallgrind/case=GithubAll/router=httprouter 300 205600 instr/op
BenchmarkCallgrind/case=GithubAll/router=httprouter 300 208000 instr/op
BenchmarkCallgrind/case=GPlusAll/router=routegen.api 5000 8319 instr/op
BenchmarkCallgrind/case=GPlusAll/router=httprouter 5000 10464 instr/op
`))
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	res.printInstructions(&table)
	for _, row := range []string{
		"| GithubAll | routegen.api (ServeHTTP, API configuration) | 145,251 | 205,600 | 0.706 | – | ≤ 0.67 | MISSED |",
		"| GPlusAll | routegen.api (ServeHTTP, API configuration) | 8,319 | 10,464 | 0.795 | – | ≤ 0.80 | met |",
		"| ParseAll | routegen.api (ServeHTTP, API configuration) | – | – | – | – | ≤ 0.90 | not counted |",
	} {
		if !bytes.Contains(table.Bytes(), []byte(row)) {
			t.Errorf("no row %s in\n%s", row, table.Bytes())
		}
	}
}
