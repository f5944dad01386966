package routegenimpl

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/routegen/routegen/runtime"
)

// ParamInt parses parameter i of an integer-typed route as an int64; a value
// out of range answers 400.
func ParamInt(p *runtime.Params, i int) (int64, error) {
	v := p.Value(i)
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		reason := fmt.Sprintf("%q is not a number", v)
		if errors.Is(err, strconv.ErrRange) {
			reason = fmt.Sprintf("%q is out of range", v)
		}
		return 0, &runtime.Error{Status: http.StatusBadRequest, Msg: reason, Param: p.Name(i), Value: v}
	}
	return n, nil
}
