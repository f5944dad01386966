package constraint

// BoundOp is the comparison of a bounds constraint tag.
type BoundOp uint8

const (
	BoundLen BoundOp = iota // len=
	BoundMin                // min=
	BoundMax                // max=
	BoundGT                 // gt=
	BoundGTE                // gte=
	BoundLT                 // lt=
	BoundLTE                // lte=
)

// CheckBound applies a bounds tag to a parameter value: to its number when
// the parameter is numeric, else to its length in characters.
func CheckBound(v string, numeric bool, op BoundOp, bound float64) bool {
	var x float64
	if numeric {
		n, ok := ParseNumber(v)
		if !ok {
			return false
		}
		x = n
	} else {
		x = float64(Length(v))
	}
	switch op {
	case BoundLen:
		return x == bound
	case BoundMin, BoundGTE:
		return x >= bound
	case BoundMax, BoundLTE:
		return x <= bound
	case BoundGT:
		return x > bound
	case BoundLT:
		return x < bound
	}
	return false
}
