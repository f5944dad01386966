// Package suggest finds the name a misspelt one was meant to be, for the
// "did you mean" of the messages of ir and routevet: one edit distance
// for both, so that they agree on what a typo is.
package suggest

import "strings"

// Closest is the candidate nearest to s, ignoring case, at most
// maxDistance edits away (the first of equally near ones); "" when none is.
func Closest(s string, candidates []string, maxDistance int) string {
	best, bestDist := "", maxDistance+1
	s = strings.ToLower(s)
	for _, c := range candidates {
		lower := strings.ToLower(c)
		// Each edit changes the length by one byte at most: a name of a
		// length far from the candidate's is not compared, which keeps a
		// name of megabytes linear.
		if abs(len(s)-len(lower)) > maxDistance {
			continue
		}
		if d := Distance(s, lower); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance of a and b in bytes, counting a
// swap of two adjacent bytes as one edit.
func Distance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(n int) int { return max(n, -n) }

// OneEdit reports whether Distance(a, b) is 1 (a byte changed, added or
// removed, or two adjacent bytes swapped), in time linear in their
// length.
func OneEdit(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	switch len(a) - len(b) {
	case 0:
		if i == len(a) {
			return false // equal
		}
		return a[i+1:] == b[i+1:] ||
			i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		return a[i+1:] == b[i:]
	}
	return false
}
