// Command stats shows what a fuzzsrc fuzz target generates: it replays
// the target's corpus (testdata/fuzz and Go's fuzz cache, and the seeds
// the target adds) and prints, per label, the distribution of the values
// drawn, as small terminal histograms: top-level draws, the sizes of
// collections, the share of each OneOf and SampledFrom branch, the
// actions of fuzzsrc.Repeat, the inputs discarded by Skip and Assume (by
// reason), and the events the target records with T.Event.
//
// Usage:
//
//	go run github.com/shortlex/shortlex/tools/stats [-run regexp] [-width n] [-html file] package
//
// -html also writes the histograms as an HTML page.
//
// It builds the package's test binary and runs each fuzz target that
// -run matches once over its whole corpus, with fuzzsrc.EnvStats set:
// fuzzsrc.Check then records each input's draws instead of checking the
// property, so failing inputs are counted, not reported. The binary runs
// in a temporary directory whose testdata/fuzz links to the corpus, so a
// test that reads other testdata files sees none; the corpus is never
// written.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
)

func main() {
	run := flag.String("run", "^Fuzz", "regexp of the fuzz targets to replay")
	width := flag.Int("width", 40, "width of the longest histogram bar")
	htmlOut := flag.String("html", "", "also write the histograms as an HTML page to this file")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: stats [-run regexp] [-width n] [-html file] package\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	re, err := regexp.Compile(*run)
	if err == nil {
		var p page
		if p, err = stats(os.Stdout, flag.Arg(0), re, *width); err == nil && *htmlOut != "" {
			err = writeFile(*htmlOut, p)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "stats:", err)
		os.Exit(1)
	}
}

// stats replays every fuzz target of pkg that re matches, prints its
// statistics to w and returns them as an HTML page's content.
func stats(w io.Writer, pkg string, re *regexp.Regexp, width int) (page, error) {
	var p page
	out, err := goCmd("list", "-f", "{{.ImportPath}}\t{{.Dir}}", pkg)
	if err != nil {
		return p, err
	}
	importPath, dir, ok := strings.Cut(strings.TrimSpace(out), "\t")
	if !ok || strings.Contains(dir, "\n") {
		return p, fmt.Errorf("%s: want one package, go list says %q", pkg, out)
	}
	gocache, err := goCmd("env", "GOCACHE")
	if err != nil {
		return p, err
	}
	tmp, err := os.MkdirTemp("", "shortlex-stats-")
	if err != nil {
		return p, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "pkg.test")
	if _, err := goCmd("test", "-c", "-o", bin, pkg); err != nil {
		return p, err
	}
	list, err := runOut(exec.Command(bin, "-test.list=^Fuzz"))
	if err != nil {
		return p, fmt.Errorf("listing fuzz targets: %v", err)
	}
	var targets []string
	for _, name := range strings.Fields(list) {
		if strings.HasPrefix(name, "Fuzz") && re.MatchString(name) {
			targets = append(targets, name)
		}
	}
	if len(targets) == 0 {
		return p, fmt.Errorf("%s: no fuzz target matches %q", importPath, re)
	}
	for _, target := range targets {
		srcs := []string{
			filepath.Join(dir, "testdata", "fuzz", target),
			filepath.Join(strings.TrimSpace(gocache), "fuzz", importPath, target),
		}
		entries, err := replay(bin, tmp, target, srcs)
		if err != nil {
			return p, fmt.Errorf("%s: %v", target, err)
		}
		s := summarize(entries.list)
		title := fmt.Sprintf("%s: %d inputs (%d in testdata/fuzz, %d in the fuzz cache, %d seeds)",
			target, len(entries.list), entries.files[0], entries.files[1], len(entries.list)-entries.files[0]-entries.files[1])
		fmt.Fprintln(w, title)
		s.print(w, width)
		fmt.Fprintln(w)
		p.Targets = append(p.Targets, targetPage{Title: title, Sections: htmlSections(s.sections())})
	}
	return p, nil
}

// writeFile writes the HTML page to path, atomically.
func writeFile(path string, p page) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".stats-*.html")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := writeHTML(f, p); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// replayed is a target's stats entries and how many corpus files came
// from each source.
type replayed struct {
	list  []fuzzsrc.StatsEntry
	files [2]int
}

// replay runs target over the corpus files in srcs (missing directories
// are empty) and returns the inputs' stats entries.
//
// The binary reads only testdata/fuzz/<target> of its working directory,
// so each source gets a run of its own in which that directory is one
// link to the source: linking each entry instead costs a file-system
// operation per entry, up to milliseconds each on a busy journaling file
// system, which made a 10,000-entry corpus take most of a minute. Go
// names entries by their content's hash, so an entry of a later source
// with an earlier source's name is the same input; only when a source
// has some such entries are its other entries linked one by one. The
// target's seeds run in the first run only.
func replay(bin, tmp, target string, srcs []string) (replayed, error) {
	var r replayed
	seen := map[string]bool{}
	for i, src := range srcs {
		names, err := corpusNames(src)
		if err != nil {
			return r, err
		}
		var fresh []string
		for _, name := range names {
			if !seen[name] {
				seen[name] = true
				fresh = append(fresh, name)
			}
		}
		r.files[i] = len(fresh)
		if i > 0 && len(fresh) == 0 {
			continue // no inputs of its own, and the seeds have run
		}
		work := filepath.Join(tmp, fmt.Sprintf("%s.%d", target, i))
		corpus := filepath.Join(work, "testdata", "fuzz", target)
		if err := linkCorpus(corpus, src, names, fresh); err != nil {
			return r, err
		}
		args := []string{"-test.run=^" + regexp.QuoteMeta(target) + "$"}
		if i > 0 {
			args = append(args, "-test.skip=^"+regexp.QuoteMeta(target)+"$/^seed#")
		}
		list, err := runStats(bin, work, filepath.Join(tmp, fmt.Sprintf("%s.%d.jsonl", target, i)), args)
		if err != nil {
			return r, err
		}
		r.list = append(r.list, list...)
	}
	if len(r.list) == 0 {
		return r, fmt.Errorf("no input called fuzzsrc.Check (%d corpus files in %s): is it a fuzzsrc target with a corpus or seeds?", r.files[0]+r.files[1], strings.Join(srcs, " and "))
	}
	return r, nil
}

// corpusNames lists the files of a corpus directory; a missing directory
// is empty.
func corpusNames(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// linkCorpus makes corpus hold the entries fresh of src, whose files are
// names: a link to src itself when fresh is all of them, else a
// directory of links to each.
func linkCorpus(corpus, src string, names, fresh []string) error {
	if err := os.MkdirAll(filepath.Dir(corpus), 0o777); err != nil {
		return err
	}
	switch {
	case len(fresh) == 0:
		return nil
	case len(fresh) == len(names):
		return os.Symlink(src, corpus)
	}
	if err := os.Mkdir(corpus, 0o777); err != nil {
		return err
	}
	for _, name := range fresh {
		if err := os.Symlink(filepath.Join(src, name), filepath.Join(corpus, name)); err != nil {
			return err
		}
	}
	return nil
}

// runStats runs the test binary in dir with args and fuzzsrc.EnvStats set
// to statsPath, and returns the entries it wrote there.
func runStats(bin, dir, statsPath string, args []string) ([]fuzzsrc.StatsEntry, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), fuzzsrc.EnvStats+"="+statsPath, fuzzsrc.EnvShrink+"=0")
	out, runErr := cmd.CombinedOutput()
	f, err := os.Open(statsPath)
	if errors.Is(err, os.ErrNotExist) {
		if runErr != nil {
			return nil, fmt.Errorf("the test binary failed: %v\n%s", runErr, out)
		}
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var list []fuzzsrc.StatsEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for line := 1; sc.Scan(); line++ {
		var e fuzzsrc.StatsEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", statsPath, line, err)
		}
		list = append(list, e)
	}
	return list, sc.Err()
}

func goCmd(args ...string) (string, error) {
	out, err := runOut(exec.Command("go", args...))
	if err != nil {
		return "", fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	return out, nil
}

// runOut runs cmd and returns its standard output; an error includes its
// standard error.
func runOut(cmd *exec.Cmd) (string, error) {
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%v\n%s", err, stderr.String())
	}
	return string(out), nil
}
