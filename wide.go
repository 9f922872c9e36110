package sente

// Wide is a key of 128 bits, for a game whose positions do not fit in 64:
// Domineering past 64 cells, Othello 8×8 with its side to move. Only the
// engine that searches one position (package solve/search) takes such
// keys: a table of every position of such a game would not fit anyway.
type Wide struct{ Hi, Lo uint64 }

// Key is what a game's encoder keys positions by: 64 bits (Encoder) or
// 128 (WideEncoder).
type Key interface{ uint64 | Wide }

// The capabilities on 128-bit keys, each its 64-bit namesake on Wide:
// a game offers one family or the other.
type (
	WideEncoder   = KeyEncoder[Wide]
	WideSymmetric = KeySymmetric[Wide]
	WideOrderer   = KeyOrderer[Wide]
	WideDecider   = KeyDecider[Wide]
	WideChild     = KeyChild[Wide]
)

// KeyCapabilities are a game's capabilities on keys of type K, for an
// engine written once for both widths: Capabilities' Encoder, Symmetric,
// Orderer and Decider for uint64, their Wide namesakes for Wide.
type KeyCapabilities[K Key] struct {
	Encoder   KeyEncoder[K]
	Symmetric KeySymmetric[K]
	Orderer   KeyOrderer[K]
	Decider   KeyDecider[K]
}

// KeyCapabilitiesOf picks c's capabilities on keys of type K.
func KeyCapabilitiesOf[K Key](c Capabilities) KeyCapabilities[K] {
	var kc KeyCapabilities[K]
	switch p := any(&kc).(type) {
	case *KeyCapabilities[uint64]:
		*p = KeyCapabilities[uint64]{Encoder: c.Encoder, Symmetric: c.Symmetric, Orderer: c.Orderer, Decider: c.Decider}
	case *KeyCapabilities[Wide]:
		*p = KeyCapabilities[Wide]{Encoder: c.WideEncoder, Symmetric: c.WideSymmetric, Orderer: c.WideOrderer, Decider: c.WideDecider}
	}
	return kc
}

// WideKeys reports whether the game's keys are Wide alone: it offers
// WideEncoder and no Encoder, so that only search takes it, and nothing
// stored on 64-bit keys (tables, books) holds it.
func (c Capabilities) WideKeys() bool { return c.Encoder == nil && c.WideEncoder != nil }
