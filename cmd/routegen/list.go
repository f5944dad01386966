package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/routegen/routegen/ir"
)

// writeList prints the route table as a table for people or as JSON.
func writeList(w io.Writer, t *ir.Table, format string) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(t)
	case "table":
		return writeTable(w, t)
	}
	return fmt.Errorf("unknown --format %q: want table or json", format)
}

func writeTable(w io.Writer, t *ir.Table) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DOMAIN\tMETHOD\tPATH\tNAME\tTARGET\tAUTH")
	for _, d := range t.Domains {
		for _, r := range d.Routes {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", d.Key, r.Method, r.Path, r.Name, target(r), r.Auth)
		}
		if c := d.CatchAll; c != nil {
			fmt.Fprintf(tw, "%s\t*\t*\tcatch_all\t%s#%s\t%s\n", d.Key, c.Controller, c.Action, c.Auth)
		}
	}
	return tw.Flush()
}

// target is "Controller#Action", or what a static route serves.
func target(r *ir.Route) string {
	switch {
	case r.Static && r.File != "":
		return "file " + strings.TrimSuffix(r.Dir, "/") + "/" + strings.TrimPrefix(r.File, "/")
	case r.Static:
		return "dir " + r.Dir
	}
	return r.Controller + "#" + r.Action
}
