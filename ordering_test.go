package sente_test

import (
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
)

// TestMisereDropsOrderer: connect four's Orderer says which moves win at
// once; under misère play they lose at once, so the misère form of the
// game must not offer the same Orderer.
func TestMisereDropsOrderer(t *testing.T) {
	g, err := games.New("connect4:w=4,h=4")
	if err != nil {
		t.Fatal(err)
	}
	if sente.CapabilitiesOf(g).Orderer == nil {
		t.Fatal("connect four offers no Orderer")
	}
	if sente.CapabilitiesOf(nimber.MisereGame(g)).Orderer != nil {
		t.Error("misère connect four keeps normal play's Orderer")
	}
}
