package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// stableProtocol is what the browser tests may use of the DevTools
// protocol's own packages (github.com/chromedp/cdproto/...), by package and
// name: the events and types of the stable Network domain, and the mouse
// event of the stable Input domain. Anything else (an experimental command
// such as Network.emulateNetworkConditionsByRule, which Chromium 148
// refused with the parameters 150 accepts) ties the tests to the browser's
// version: the tests do it themselves instead, in the server (serveSlow)
// or in the page (simulateVision, the saved file caught in the page).
var stableProtocol = map[string]bool{
	"network.Headers":                        true,
	"network.RequestID":                      true,
	"network.Response":                       true,
	"network.EventResponseReceived":          true,
	"network.EventLoadingFinished":           true,
	"network.EventLoadingFailed":             true,
	"input.DispatchMouseEventTypeMouseMoved": true,
}

// rawCalls are chromedp's ways to send any command of the protocol,
// which would bypass stableProtocol.
var rawCalls = map[string]bool{"Call": true, "CallBrowser": true}

// TestBrowserTestsUseStableProtocol: the browser tests pass with whatever
// Chromium Debian ships, because they ask of it only what the DevTools
// protocol keeps stable (stableProtocol).
func TestBrowserTestsUseStableProtocol(t *testing.T) {
	files, err := filepath.Glob("*_e2e_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no browser tests found: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		// The local names of the protocol's packages and of chromedp.
		protocol := map[string]string{}
		chromedp := ""
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			local := path[strings.LastIndex(path, "/")+1:]
			if imp.Name != nil {
				local = imp.Name.Name
			}
			switch {
			case strings.HasPrefix(path, "github.com/chromedp/cdproto"):
				protocol[local] = path[strings.LastIndex(path, "/")+1:]
			case path == "github.com/chromedp/chromedp":
				chromedp = local
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if domain, ok := protocol[pkg.Name]; ok && !stableProtocol[domain+"."+sel.Sel.Name] {
				t.Errorf("%s: %s.%s of the DevTools protocol may change with Chromium's version; do it in the test server or the page instead", fset.Position(sel.Pos()), domain, sel.Sel.Name)
			}
			if pkg.Name == chromedp && rawCalls[sel.Sel.Name] {
				t.Errorf("%s: %s.%s sends any command of the DevTools protocol, whatever Chromium's version makes of it; use chromedp's actions", fset.Position(sel.Pos()), pkg.Name, sel.Sel.Name)
			}
			return true
		})
	}
}
