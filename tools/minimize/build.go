package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/shortlex/shortlex/internal/golit"
)

// This file finds the packages the user named, builds each one's test
// binary once and lists its fuzz targets.

// pkg is one package to minimize in.
type pkg struct {
	ImportPath   string
	Name         string
	Dir          string
	TestGoFiles  []string
	XTestGoFiles []string
	Error        *struct{ Err string }

	// Arg is how the user would name the package to go test: the
	// argument as given for a single package, else "./" and its path
	// relative to the working directory.
	Arg string
	// wordList is what words returns, read once (wordsOnce).
	wordList  []string
	wordsOnce sync.Once

	// Bin is the built test binary; Targets its fuzz targets.
	Bin     string
	Targets []string
	// stackHook: Bin divides its stack limit as envStackDivisor says
	// (stack.go).
	stackHook bool
}

// testFiles returns the package's _test.go files.
func (p *pkg) testFiles() []string {
	return append(append([]string(nil), p.TestGoFiles...), p.XTestGoFiles...)
}

// listPackages runs go list on the patterns, in the working directory.
func listPackages(ctx context.Context, patterns []string) ([]*pkg, error) {
	args := append([]string{"list", "-e", "-json=ImportPath,Name,Dir,TestGoFiles,XTestGoFiles,Error", "--"}, patterns...)
	cmd := exec.CommandContext(ctx, "go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v\n%s%s", strings.Join(patterns, " "), err, stderr.Bytes(), missingFiles(patterns))
	}
	wd, _ := os.Getwd()
	var pkgs []*pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(pkg)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %v", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("go list: %s%s", p.Error.Err, missingFiles(patterns))
		}
		p.Arg = relativeArg(wd, p.Dir)
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 1 && len(patterns) == 1 && !strings.Contains(patterns[0], "...") {
		pkgs[0].Arg = patterns[0]
	}
	return pkgs, nil
}

// missingFiles names the patterns that exist neither as packages (go
// list just failed) nor as files, for an argument meant as a file that
// was taken for an import path.
func missingFiles(patterns []string) string {
	var missing []string
	for _, p := range patterns {
		if _, err := os.Stat(p); err != nil && !strings.Contains(p, "...") {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf(" (and there is no such file: %s)", strings.Join(missing, ", "))
}

// relativeArg names dir as go test would take it from wd: "." or "./x".
func relativeArg(wd, dir string) string {
	rel, err := filepath.Rel(wd, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return dir
	}
	if rel == "." {
		return "."
	}
	return "./" + filepath.ToSlash(rel)
}

// build compiles p's test binary into dir, once: go test -c, with the
// stack hook of stack.go added by an overlay; without it if that fails
// to build (the package's name clashes, say), so that the hook never
// keeps a package from being minimized.
func build(ctx context.Context, p *pkg, dir string, n int) error {
	p.Bin = filepath.Join(dir, strconv.Itoa(n)+"-"+filepath.Base(p.Dir)+".test")
	if overlay, err := writeStackOverlay(dir, n, p); err == nil {
		if goTestC(ctx, p, "-overlay", overlay) == nil {
			p.stackHook = true
			return nil
		}
	}
	return goTestC(ctx, p)
}

// goTestC runs go test -c for p with the extra flags.
func goTestC(ctx context.Context, p *pkg, flags ...string) error {
	args := append(append([]string{"test", "-c", "-o", p.Bin}, flags...), p.ImportPath)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = p.Dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go test -c %s: %v\n%s", p.ImportPath, err, out)
	}
	if _, err := os.Stat(p.Bin); err != nil {
		return fmt.Errorf("go test -c %s wrote no test binary: %s", p.ImportPath, bytes.TrimSpace(out))
	}
	return nil
}

// listTargets lists the fuzz targets of a built test binary.
func listTargets(ctx context.Context, p *pkg) error {
	cmd := exec.CommandContext(ctx, p.Bin, "-test.list", "^Fuzz")
	cmd.Dir = p.Dir
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s -test.list: %v", p.ImportPath, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "Fuzz") {
			p.Targets = append(p.Targets, line)
		}
	}
	return nil
}

// runFilter is the -run flag: a regular expression for targets, and one
// for corpus entry names after a slash, as go test reads -run for fuzz
// targets and their entries.
type runFilter struct {
	target, entry *regexp.Regexp
}

func parseRunFilter(expr string) (runFilter, error) {
	var f runFilter
	if expr == "" {
		return f, nil
	}
	t, e, hasEntry := strings.Cut(expr, "/")
	var err error
	if f.target, err = regexp.Compile(t); err != nil {
		return f, fmt.Errorf("-run: %v", err)
	}
	if hasEntry {
		if f.entry, err = regexp.Compile(e); err != nil {
			return f, fmt.Errorf("-run: %v", err)
		}
	}
	return f, nil
}

func (f runFilter) matchTarget(name string) bool {
	return f.target == nil || f.target.MatchString(name)
}
func (f runFilter) matchEntry(name string) bool { return f.entry == nil || f.entry.MatchString(name) }

// goEnv returns go env's value of a variable.
func goEnv(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// maxWords bounds the string literals handed to the reducer, and
// maxPackageWords those of one package, so that a large dependency does
// not crowd out the library a harness calls.
const (
	maxWords        = 8192
	maxPackageWords = 256
)

// words returns the string literals of the package's non-test Go files,
// then of the packages of the same module its tests import, directly or
// not, then of the other modules' packages they import, those the
// package imports itself (the library a harness in a repository of its
// own fuzzes) first, up to maxPackageWords of each and maxWords in all:
// the keywords and names the code under test compares its input with,
// where a fuzz target's own package (an OSS-Fuzz harness) holds few.
// They are read once per package.
func (p *pkg) words(ctx context.Context) []string {
	p.wordsOnce.Do(func() {
		dirs := []string{p.Dir}
		cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-test", "-json=ImportPath,Dir,Module,Imports,TestImports,XTestImports", "--", p.ImportPath)
		cmd.Dir = p.Dir
		if out, err := cmd.Output(); err == nil {
			type listed struct {
				ImportPath                         string
				Dir                                string
				Module                             *struct{ Path string }
				Imports, TestImports, XTestImports []string
			}
			var all []listed
			module := ""
			direct := map[string]bool{} // what the package and its tests import
			for dec := json.NewDecoder(bytes.NewReader(out)); ; {
				var l listed
				if dec.Decode(&l) != nil {
					break
				}
				if l.Module == nil {
					continue // the standard library
				}
				all = append(all, l)
				if l.Dir == p.Dir {
					module = l.Module.Path
					for _, imp := range slices.Concat(l.Imports, l.TestImports, l.XTestImports) {
						direct[imp] = true
					}
				}
			}
			// The module's packages, then the other modules' that the
			// package imports itself (the library a harness fuzzes), then
			// the rest.
			var own, imported, rest []string
			placed := map[string]bool{p.Dir: true}
			for _, l := range all {
				switch {
				case placed[l.Dir]:
					continue
				case l.Module.Path == module:
					own = append(own, l.Dir)
				case direct[l.ImportPath]:
					imported = append(imported, l.Dir)
				default:
					rest = append(rest, l.Dir)
				}
				placed[l.Dir] = true
			}
			dirs = slices.Concat(dirs, own, imported, rest)
		}
		seen := map[string]bool{}
		for _, dir := range dirs {
			ws := golit.Read(dir).Strings
			for _, w := range ws[:min(len(ws), maxPackageWords)] {
				if !seen[w] && len(p.wordList) < maxWords {
					seen[w] = true
					p.wordList = append(p.wordList, w)
				}
			}
		}
	})
	return p.wordList
}
