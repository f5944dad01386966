// Package edgecheck proves routegen's edge exports on real implementations.
package edgecheck
