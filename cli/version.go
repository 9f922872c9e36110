package cli

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// version is what 'sente --version' prints: the module version and the
// commit the binary was built from, as the go command stamped them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	return versionOf(info, ok)
}

// versionOf formats build information: "sente v1.2.0 (commit 41d7a90c2f1e,
// 2026-11-23T09:05:03Z; go1.26.0)". A binary built outside a checkout, or by
// go run or go test, has no commit, and says so.
func versionOf(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "sente (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var about []string
	if rev := settings["vcs.revision"]; rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		commit := "commit " + rev
		if t := settings["vcs.time"]; t != "" {
			commit += ", " + t
		}
		if settings["vcs.modified"] == "true" {
			commit += ", with local changes"
		}
		about = append(about, commit)
	} else {
		about = append(about, "no commit recorded: built by go run or go test, outside a git checkout, or with -buildvcs=false")
	}
	if info.GoVersion != "" {
		about = append(about, info.GoVersion)
	}
	return fmt.Sprintf("sente %s (%s)", v, strings.Join(about, "; "))
}
