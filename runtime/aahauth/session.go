package aahauth

import (
	"cmp"
	"errors"
	"fmt"
	"time"

	"github.com/gorilla/securecookie"

	"github.com/routegen/routegen/runtime"
)

// SessionCodec is the codec of runtime.WithSessions that signs (HMAC
// SHA-256) and encrypts (AES) the session cookie with cfg's keys, as aah
// did, by gorilla/securecookie. The old keys, when given, open the
// cookies written before a rotation; a new cookie is written with the
// current ones. A cookie written longer ago than cfg.MaxAge() does not
// open.
func SessionCodec(cfg runtime.SessionConfig) (runtime.SessionCodec, error) {
	if cfg.SignKey == "" {
		return nil, errors.New("aahauth: the session has no sign_key: sessions are signed")
	}
	pairs := [][]byte{[]byte(cfg.SignKey), encKey(cfg.EncKey)}
	switch {
	case cfg.OldSignKey != "":
		// A sign_key rotated alone leaves the old cookies encrypted with
		// the enc_key that is still current.
		pairs = append(pairs, []byte(cfg.OldSignKey), encKey(cmp.Or(cfg.OldEncKey, cfg.EncKey)))
	case cfg.OldEncKey != "":
		return nil, errors.New("aahauth: the session has an old_enc_key without an old_sign_key")
	}
	for i := 1; i < len(pairs); i += 2 {
		if n := len(pairs[i]); n != 0 && n != 16 && n != 24 && n != 32 {
			key := "enc_key"
			if i > 1 {
				key = "old_enc_key"
			}
			return nil, fmt.Errorf("aahauth: the session's %s is %d bytes; AES takes 16, 24 or 32", key, n)
		}
	}
	codecs := securecookie.CodecsFromPairs(pairs...)
	for _, c := range codecs {
		// The cookie's own timestamp, which the signature covers, bounds it
		// too: a cookie written longer ago than a session lasts does not
		// open, with a TTL of 0 (the browser's session) as with any other;
		// at least a second, as securecookie takes 0 for no check.
		c.(*securecookie.SecureCookie).MaxAge(max(int(cfg.MaxAge()/time.Second), 1))
	}
	return multiCodec(codecs), nil
}

// encKey is an enc_key's bytes; nil for none, which signs without
// encrypting, as aah did.
func encKey(key string) []byte {
	if key == "" {
		return nil
	}
	return []byte(key)
}

// multiCodec writes with its first codec and reads with any.
type multiCodec []securecookie.Codec

func (m multiCodec) Encode(name string, value any) (string, error) {
	return securecookie.EncodeMulti(name, value, m...)
}

func (m multiCodec) Decode(name, value string, dst any) error {
	return securecookie.DecodeMulti(name, value, dst, m...)
}
