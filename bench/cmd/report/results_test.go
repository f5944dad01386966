package main

import (
	"bytes"
	"testing"
)

// TestLoadAverage: the load average at the start of each round of timed
// runs, which the results carry, is printed beside the machine.
func TestLoadAverage(t *testing.T) {
	res, err := parse([]byte(`nproc: 2
load-average: 5.10 4.00 3.20
BenchmarkRouters/case=GithubAll/router=httprouter-2 100 17000 ns/op
BenchmarkRouters/case=GithubAll/router=routegen-2 100 16000 ns/op
load-average: 7.25 4.50 3.30
BenchmarkRouters/case=GithubAll/router=httprouter-2 100 17500 ns/op
BenchmarkRouters/case=GithubAll/router=routegen-2 100 16500 ns/op
`))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	res.print(&out)
	want := "Load average (1, 5 and 15 minutes) at the start of each round of timed runs: 5.10 4.00 3.20; 7.25 4.50 3.30."
	if !bytes.Contains(out.Bytes(), []byte(want)) {
		t.Errorf("no line %q in\n%s", want, out.Bytes())
	}
}
