package main

import (
	"bytes"
	"cmp"
	"fmt"
	"html"
	"math"
	"slices"
	"strings"
)

// chart draws the *All cases as horizontal bars of ns/op, one panel a case,
// each on its own scale, routegen's contenders highlighted.
func (res *results) chart() []byte {
	const (
		width  = 760
		left   = 130 // router names
		right  = 150 // the value after the longest bar
		bar    = 18
		gap    = 6
		header = 30
		// offScale is where bars are cut, in times the fastest competitor's.
		offScale = 6
	)
	var cases []string
	for _, c := range res.cases {
		if strings.HasSuffix(c, "All") {
			cases = append(cases, c)
		}
	}
	height := 10
	for _, c := range cases {
		height += header + len(res.routers[c])*(bar+gap) + 14
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	y := 10
	for _, c := range cases {
		routers := slices.Clone(res.routers[c])
		slices.SortStableFunc(routers, func(a, b string) int { return cmp.Compare(res.ns(c, a), res.ns(c, b)) })
		fast, fastNs := res.fastest(c, competitors)
		// Bars longer than offScale times the fastest competitor's are cut.
		longest := 0.0
		for _, r := range routers {
			longest = math.Max(longest, math.Min(res.ns(c, r), offScale*fastNs))
		}
		fmt.Fprintf(&b, `<text x="0" y="%d" font-weight="bold" font-size="15">%s: ns per round of every route (shorter is faster)</text>`+"\n", y+18, html.EscapeString(c))
		y += header
		for _, r := range routers {
			ns := res.ns(c, r)
			w := (width - left - right) * math.Min(ns, longest) / longest
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-8, y+bar-5, html.EscapeString(r))
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", left, y, w, bar, color(r))
			label := number(ns)
			if r == lookup || r == serve || r == serveAPI || r == goMap {
				label += fmt.Sprintf(" (%.2f× %s)", ns/fastNs, fast)
			}
			if ns > longest {
				label = "» " + label
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%d">%s</text>`+"\n", float64(left)+w+6, y+bar-5, html.EscapeString(label))
			y += bar + gap
		}
		y += 14
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func color(router string) string {
	switch router {
	case lookup:
		return "#1a7f37"
	case serve, serveAPI:
		return "#2da44e"
	case goMap:
		return "#8c959f"
	}
	return "#0969da"
}
